// A large site is built by several build workers at once, each rendering a share of the pages
// that come one per recipe (scripts/lib/site-builder.ts merges their output): one Astro build
// renders pages on one thread, so a single worker leaves the machine's other cores idle.
// FORKFUL_BUILD_SHARD="k/n" (k from 0) names this build's share; without it a build renders
// every page (astro build, astro dev, Netlify). The site-wide pages (home, lists, blog) are few
// and every share renders them; the host keeps one copy.

interface Shard {
  index: number;
  count: number;
}

/** The share named by FORKFUL_BUILD_SHARD, or undefined (the whole site). */
export function parseShard(value: string | undefined): Shard | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return count > 1 && index < count ? { index, count } : undefined;
}

const shard = parseShard(process.env.FORKFUL_BUILD_SHARD);

/** Whether this build renders the n-th page of a route's per-item pages (all of them unsharded). */
export function inThisShard(n: number, of: Shard | undefined = shard): boolean {
  return !of || n % of.count === of.index;
}
