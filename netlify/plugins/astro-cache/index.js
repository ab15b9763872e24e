// A local Netlify Build plugin: keeps Astro's cache directory (the content store and the
// incremental build's manifest and page copies) in Netlify's build cache between deploys, the
// documented way (utils.cache). Each build hook call is a whole build from a clean checkout;
// with the cache restored, a publish re-renders only the pages whose cache keys changed
// (the edited recipe, the lists that show it) and restores the rest.

/** Astro's `cacheDir` (astro.config.mjs leaves it at its default). */
const ASTRO_CACHE_DIR = 'node_modules/.astro';

/** @param {{ utils: { cache: { restore: (path: string) => Promise<boolean> } } }} options */
export async function onPreBuild({ utils }) {
  const restored = await utils.cache.restore(ASTRO_CACHE_DIR);
  console.log(
    restored
      ? `Astro's cache restored from the previous deploy (${ASTRO_CACHE_DIR}).`
      : 'No Astro cache from a previous deploy: every page is rendered.',
  );
}

/** @param {{ utils: { cache: { save: (path: string) => Promise<boolean> } } }} options */
export async function onPostBuild({ utils }) {
  const saved = await utils.cache.save(ASTRO_CACHE_DIR);
  console.log(
    saved
      ? `Astro's cache saved for the next deploy (${ASTRO_CACHE_DIR}).`
      : "Astro's cache was not saved (nothing there).",
  );
}
