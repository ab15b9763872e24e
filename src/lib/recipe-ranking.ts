import type { Recipe } from './schemas/recipe.ts';

// How recipes are ranked for the featured list and the related list: the one definition, used by
// the prebuilt pages (over every recipe) and by the API (services/recipes.ts).

type Direction = 'asc' | 'desc';
type FeaturedKey = 'rating' | 'reviewCount' | 'createdAt' | 'id';

/**
 * The order of the featured list (home page, /api/recipes/featured): best rated, then most
 * reviewed, then newest. The API pages through it in SQL, column by column in this order.
 */
export const FEATURED_ORDER: readonly (readonly [FeaturedKey, Direction])[] = [
  ['rating', 'desc'],
  ['reviewCount', 'desc'],
  ['createdAt', 'desc'],
  ['id', 'desc'],
];

/** The list in FEATURED_ORDER (a sorted copy). */
export function featuredOrder<T extends Pick<Recipe, FeaturedKey>>(list: T[]): T[] {
  return [...list].sort((a, b) => {
    for (const [key, direction] of FEATURED_ORDER) {
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  });
}

/** What related-recipe ranking reads of a recipe. */
export type RankedForRelated = Pick<Recipe, 'id' | 'category' | 'tags' | 'rating'>;

/**
 * Related recipes: same category first, then the most shared tags, then the best rated, then the
 * lowest id; never the recipe itself. At most `limit`.
 */
export function relatedRecipes<T extends RankedForRelated>(
  recipe: Pick<Recipe, 'id' | 'category' | 'tags'>,
  candidates: T[],
  limit = 4,
): T[] {
  const tags = new Set(recipe.tags);
  const shared = (r: T) => new Set(r.tags.filter((t) => tags.has(t))).size;
  return candidates
    .filter((r) => r.id !== recipe.id)
    .map((r) => ({ r, sameCategory: r.category === recipe.category ? 1 : 0, shared: shared(r) }))
    .sort(
      (a, b) =>
        b.sameCategory - a.sameCategory || b.shared - a.shared || b.r.rating - a.r.rating || a.r.id - b.r.id,
    )
    .slice(0, limit)
    .map((x) => x.r);
}
