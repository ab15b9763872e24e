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

/**
 * Related recipes as /api/recipes/related ranks them: same category first, then the most shared
 * tags, then the best rated; never the recipe itself.
 */
export function relatedRecipes(recipe: Recipe, all: Recipe[], limit = 4): Recipe[] {
  const tags = new Set(recipe.tags);
  const shared = (r: Recipe) => r.tags.filter((t) => tags.has(t)).length;
  return all
    .filter((r) => r.id !== recipe.id)
    .map((r) => ({ r, sameCategory: r.category === recipe.category ? 1 : 0, shared: shared(r) }))
    .sort(
      (a, b) =>
        b.sameCategory - a.sameCategory || b.shared - a.shared || b.r.rating - a.r.rating || a.r.id - b.r.id,
    )
    .slice(0, limit)
    .map((x) => x.r);
}
