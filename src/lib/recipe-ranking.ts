import type { Recipe } from './schemas/recipe.ts';

// How recipes are ranked for the featured list and the related list: the one definition, used by
// the prebuilt pages (over every recipe) and by the API (services/recipe-reads.ts).

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
  candidates: readonly T[],
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

/** Best rated first, then the lowest id. */
const byRating = (a: RankedForRelated, b: RankedForRelated) => b.rating - a.rating || a.id - b.id;

// The build ranks every recipe's related list at once with `relatedIndex`, which looks only at the
// recipes of the same category that share a tag (grouped by their tag set), so the whole catalogue
// costs about N × (tags × tag-mates) instead of N². It gives exactly the lists
// `relatedRecipes` gives one by one (tests/unit/related.test.ts).

/** Recipes of one category with the same set of tags: they rank alike against any other recipe. */
interface TagGroup<T> {
  tags: string[];
  /** Best rated first. */
  members: T[];
}

interface CategoryIndex<T> {
  /** Best rated first. */
  members: T[];
  groupOf: Map<number, TagGroup<T>>;
  groupsByTag: Map<string, TagGroup<T>[]>;
}

/** The related list of every recipe, by id (the same lists `relatedRecipes` gives one by one). */
export function relatedIndex<T extends RankedForRelated>(all: T[], limit = 4): Map<number, T[]> {
  const categories = new Map<string, CategoryIndex<T>>();
  const groupKeys = new Map<string, TagGroup<T>>();
  for (const r of all) {
    let cat = categories.get(r.category);
    if (!cat) {
      cat = { members: [], groupOf: new Map(), groupsByTag: new Map() };
      categories.set(r.category, cat);
    }
    cat.members.push(r);
    const tags = [...new Set(r.tags)].sort();
    const key = `${r.category}\u0000${tags.join('\u0000')}`;
    let group = groupKeys.get(key);
    if (!group) {
      group = { tags, members: [] };
      groupKeys.set(key, group);
      for (const t of tags) {
        const list = cat.groupsByTag.get(t);
        if (list) list.push(group);
        else cat.groupsByTag.set(t, [group]);
      }
    }
    group.members.push(r);
    cat.groupOf.set(r.id, group);
  }
  for (const cat of categories.values()) cat.members.sort(byRating);
  for (const group of groupKeys.values()) group.members.sort(byRating);

  const out = new Map<number, T[]>();
  for (const r of all) {
    const cat = categories.get(r.category)!;
    // A category too small to fill the list: rank against everything (rare, and small).
    if (cat.members.length <= limit) {
      out.set(r.id, relatedRecipes(r, all, limit));
      continue;
    }
    const shared = new Map<TagGroup<T>, number>();
    for (const t of new Set(r.tags)) {
      for (const g of cat.groupsByTag.get(t) ?? []) shared.set(g, (shared.get(g) ?? 0) + 1);
    }
    const picked: T[] = [];
    // Most shared tags first; within a level, the best rated of the level's groups.
    const levels = new Map<number, T[]>();
    for (const [group, n] of shared) {
      const level = levels.get(n) ?? [];
      let taken = 0;
      for (const m of group.members) {
        if (m.id === r.id) continue;
        level.push(m);
        if (++taken >= limit) break;
      }
      levels.set(n, level);
    }
    for (const n of [...levels.keys()].sort((a, b) => b - a)) {
      for (const m of levels.get(n)!.sort(byRating)) {
        picked.push(m);
        if (picked.length >= limit) break;
      }
      if (picked.length >= limit) break;
    }
    // Then the best rated of the category that share no tag.
    for (const m of cat.members) {
      if (picked.length >= limit) break;
      if (m.id === r.id || shared.has(cat.groupOf.get(m.id)!)) continue;
      picked.push(m);
    }
    out.set(r.id, picked);
  }
  return out;
}
