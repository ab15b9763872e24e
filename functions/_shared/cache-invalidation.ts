import { purgeCache, type Context } from '@netlify/functions';
import type { PublishScope } from '../../src/lib/schemas/publish.ts';

// What a content write makes stale in the caches in front of the database (SPEC §9 areas,
// DESIGN.md §11): the CDN, purged by cache tag when deployed, and whatever in-process caches
// register here (the API response cache subscribes with `onInvalidate`).

/** SPEC §9's cache areas: each names an in-process cache and a CDN cache tag. */
export const CACHE_AREAS = ['recipes', 'categories', 'search', 'featured', 'pages', 'settings'] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];

/** Per-entity CDN cache tags, so one recipe's responses can go without the whole area. */
export const recipeCacheTag = (id: number) => `recipe-${id}`;
export const categoryCacheTag = (slug: string) => `category-${slug}`;
export const pageCacheTag = (slug: string) => `page-${slug}`;
export const BLOG_CACHE_TAG = 'blog';

export interface Invalidation {
  areas: CacheArea[];
  /** Entity tags (recipe-12, category-desserts, page-about-us, blog). */
  tags: string[];
}

/** The areas and tags a write's scope makes stale. */
export function invalidationFor(scope: PublishScope): Invalidation {
  if (scope.siteWide) return { areas: [...CACHE_AREAS], tags: [] };
  const areas = new Set<CacheArea>();
  const tags = new Set<string>();
  if (scope.recipes?.length) {
    // Lists, search and featured show the recipe; category listings count it.
    for (const area of ['recipes', 'search', 'featured', 'categories'] as const) areas.add(area);
    for (const r of scope.recipes) {
      tags.add(recipeCacheTag(r.id));
      tags.add(categoryCacheTag(r.category));
    }
  }
  if (scope.categories?.length) {
    // A renamed slug cascades to its recipes, and search filters by it.
    for (const area of ['categories', 'recipes', 'search', 'featured'] as const) areas.add(area);
    for (const slug of scope.categories) tags.add(categoryCacheTag(slug));
  }
  if (scope.pages?.length) {
    areas.add('pages');
    for (const slug of scope.pages) tags.add(pageCacheTag(slug));
  }
  if (scope.blog) {
    areas.add('pages');
    tags.add(BLOG_CACHE_TAG);
  }
  return { areas: CACHE_AREAS.filter((a) => areas.has(a)), tags: [...tags] };
}

type Listener = (invalidation: Invalidation) => void;

/** On globalThis: the server imports functions once, but a second module graph must see the same set. */
const LISTENERS = Symbol.for('forkful.cache-invalidation.listeners');
function listeners(): Set<Listener> {
  const g = globalThis as typeof globalThis & { [LISTENERS]?: Set<Listener> };
  return (g[LISTENERS] ??= new Set());
}

/** Subscribes an in-process cache to invalidations; returns the unsubscribe function. */
export function onInvalidate(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tells every in-process cache what went stale. A failing listener never stops the others. */
export function invalidateLocalCaches(invalidation: Invalidation): void {
  for (const listener of listeners()) {
    try {
      listener(invalidation);
    } catch (err) {
      console.error('[cache] an invalidation listener failed:', (err as Error).message);
    }
  }
}

/** True on Netlify, where the function runtime provides the purge API token. */
export function cdnPurgeAvailable(): boolean {
  return Boolean(process.env.NETLIFY_PURGE_API_TOKEN);
}

/**
 * Purges the CDN by cache tag (Netlify's purge API through `purgeCache`). Off Netlify there is
 * no CDN in front of the functions, so nothing to purge. `apiURL` lets a test point it at a
 * local stand-in for api.netlify.com.
 */
export async function purgeCdn(tags: readonly string[], options: { apiURL?: string } = {}): Promise<void> {
  if (tags.length === 0 || !cdnPurgeAvailable()) return;
  await purgeCache({ tags: [...tags], ...(options.apiURL ? { apiURL: options.apiURL } : {}) });
}

/**
 * Clears what a write made stale: in-process caches at once, the CDN in the background
 * (`waitUntil` keeps a Netlify function alive until the purge call ends). Never throws.
 */
export function refreshCaches(scope: PublishScope, context: Partial<Context> = {}): Promise<void> {
  const invalidation = invalidationFor(scope);
  invalidateLocalCaches(invalidation);
  const purge = purgeCdn([...invalidation.areas, ...invalidation.tags]).catch((err: unknown) => {
    console.error(`[cache] CDN purge failed (${scope.reason}):`, (err as Error).message);
  });
  context.waitUntil?.(purge);
  return purge;
}
