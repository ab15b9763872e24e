// The API response cache is split into areas (recipes, categories, search, featured, pages, settings) so the
// admin sees, and clears, each one on its own, and a content write drops only the areas it touches.

export const CACHE_AREAS = ['recipes', 'categories', 'search', 'featured', 'pages', 'settings'] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];

export function isCacheArea(name: string): name is CacheArea {
  return (CACHE_AREAS as readonly string[]).includes(name);
}

/**
 * Per-area bounds. `maxEntries` is the area's maxSize (the dashboard's bar); `maxBytes` keeps
 * memory bounded whatever the responses weigh (a 100-recipe page is ~300 KB).
 */
export const AREA_LIMITS: Record<CacheArea, { maxEntries: number; maxBytes: number }> = {
  // Recipe pages by id and slug, list pages, category lists, related recipes.
  recipes: { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 },
  categories: { maxEntries: 100, maxBytes: 2 * 1024 * 1024 },
  // Search has the widest key space (free text): bounded, and the first to be evicted.
  search: { maxEntries: 500, maxBytes: 16 * 1024 * 1024 },
  featured: { maxEntries: 50, maxBytes: 8 * 1024 * 1024 },
  // Static pages, the footer and the blog.
  pages: { maxEntries: 200, maxBytes: 4 * 1024 * 1024 },
  settings: { maxEntries: 10, maxBytes: 256 * 1024 },
};

/**
 * How long an entry may be served without a write clearing it: the same as the CDN's s-maxage,
 * a backstop for a change that reached the database without going through `publish`.
 */
export const ENTRY_TTL_MS = 5 * 60 * 1000;

/** Cache tags (CDN `Netlify-Cache-Tag` and in-process): one per area, recipe, category and page. */
export const areaTag = (area: CacheArea): string => area;
export const recipeTag = (id: number): string => `recipe-${id}`;
export const categoryTag = (slug: string): string => `category-${slug}`;
export const pageTag = (slug: string): string => `page-${slug}`;
export const BLOG_TAG = 'blog';
