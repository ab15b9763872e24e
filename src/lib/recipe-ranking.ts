import type { Recipe } from './schemas/recipe.ts';

// How recipes are ranked for the featured list and the related list, on the prebuilt pages and
// in the API alike.

/** The order of /api/recipes/featured: best rated, then most reviewed, then newest. */
export function featuredOrder<T extends Pick<Recipe, 'rating' | 'reviewCount' | 'createdAt' | 'id'>>(
  list: T[],
): T[] {
  return [...list].sort(
    (a, b) =>
      b.rating - a.rating ||
      b.reviewCount - a.reviewCount ||
      b.createdAt.localeCompare(a.createdAt) ||
      b.id - a.id,
  );
}

// Related recipes (same category, then most shared tags, then best rated): one recipe at a time
// or the whole catalogue in one pass, in src/lib/related.ts.
export { relatedIndex, relatedRecipes } from './related.ts';
