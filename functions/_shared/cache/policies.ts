import type { CachePolicy } from '../http.ts';
import { areaTag, categoryTag, pageTag, recipeTag, type CacheArea } from './areas.ts';

// The cache policies of public reads: every response carries its area's tag (so an area can be
// purged whole) plus the tags of what it shows, so a purge by recipe or category reaches it.

export function areaPolicy(area: CacheArea, ...tags: string[]): CachePolicy {
  return { kind: 'public', tags: [areaTag(area), ...tags] };
}

/** One recipe's page data: its own tag and its category's (a category rename changes it). */
export function recipePolicy(recipe: { id: number; category: string }): CachePolicy {
  return areaPolicy('recipes', recipeTag(recipe.id), categoryTag(recipe.category));
}

/** A list of recipes: tagged with the categories it shows. */
export function recipeListPolicy(area: CacheArea, recipes: readonly { category: string }[]): CachePolicy {
  return areaPolicy(area, ...new Set(recipes.map((r) => categoryTag(r.category))));
}

/** How long a browser keeps the footer before asking again: five minutes. */
export const FOOTER_BROWSER_MAX_AGE = 5 * 60;

/**
 * The footer's read (GET /api/pages/footer): the pages area and the footer's tag, and kept five
 * minutes by browsers as well as by the CDN and the response cache (every page shows the footer,
 * and it seldom changes; a save reaches visitors within those five minutes).
 */
export function footerPolicy(footerSlug: string): CachePolicy {
  return {
    kind: 'public',
    tags: [areaTag('pages'), pageTag(footerSlug)],
    browserMaxAge: FOOTER_BROWSER_MAX_AGE,
  };
}
