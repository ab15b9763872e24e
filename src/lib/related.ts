// Related recipes as /api/recipes/related ranks them (functions/_shared/services/recipes.ts):
// same category first, then the most shared tags (distinct), then the best rated, then the lowest
// id; never the recipe itself. `relatedRecipes` ranks one recipe against all (O(N)); the build
// ranks every recipe at once with `relatedIndex`, which looks only at the recipes of the same
// category that share a tag, so the whole catalogue costs about N × (tags × tag-mates), not N².

export interface Rankable {
  id: number;
  category: string;
  tags: readonly string[];
  rating: number;
}

/** Best rated first, then the lowest id. */
const byRating = (a: Rankable, b: Rankable) => b.rating - a.rating || a.id - b.id;

function sharedTags(tags: ReadonlySet<string>, other: Rankable): number {
  let n = 0;
  for (const t of new Set(other.tags)) if (tags.has(t)) n++;
  return n;
}

/** One recipe's related list, ranked against the whole catalogue. */
export function relatedRecipes<T extends Rankable>(recipe: Rankable, all: readonly T[], limit = 4): T[] {
  const tags = new Set(recipe.tags);
  return all
    .filter((r) => r.id !== recipe.id)
    .map((r) => ({ r, same: r.category === recipe.category ? 1 : 0, shared: sharedTags(tags, r) }))
    .sort((a, b) => b.same - a.same || b.shared - a.shared || byRating(a.r, b.r))
    .slice(0, limit)
    .map((x) => x.r);
}

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
export function relatedIndex<T extends Rankable>(all: readonly T[], limit = 4): Map<number, T[]> {
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
