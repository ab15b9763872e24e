// A signed-in cook's saved recipes kept on the device for offline use: each one's page, its
// cooking page and its picture go into the service worker's caches (src/integrations/
// service-worker.ts names them), so they open with the network off even if not visited since.
// Best effort: a browser without the Cache API, or a copy that fails, changes nothing.

const PAGE_CACHE = 'forkful-pages';
const IMAGE_CACHE = 'forkful-images';

export interface OfflineRecipe {
  slug: string;
  image: string | null;
}

async function keep(cacheName: string, urls: string[]): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.ok) await cache.put(url, response);
      } catch {
        // Offline or refused: the copy already kept (if any) stays.
      }
    }),
  );
}

/** Copies the recipes' pages, cooking pages and pictures into the offline caches. */
export async function keepRecipesForOffline(recipes: readonly OfflineRecipe[]): Promise<void> {
  if (!('caches' in globalThis) || !navigator.onLine) return;
  const pages = recipes.flatMap((r) => [`/recipe/${r.slug}`, `/recipe/${r.slug}/cook`]);
  const images = recipes.flatMap((r) => (r.image ? [new URL(r.image, location.href).href] : []));
  await Promise.all([keep(PAGE_CACHE, pages), keep(IMAGE_CACHE, images)]);
}
