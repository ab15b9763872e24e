import type { CachePolicy } from '../http.ts';
import { areaTag, categoryTag, recipeTag, type CacheArea } from './areas.ts';

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
