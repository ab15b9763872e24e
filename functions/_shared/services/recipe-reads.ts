import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow } from '../../../db/mappers/recipe.ts';
import type { Database, RecipeRow } from '../../../db/schema.ts';
import { FEATURED_ORDER, relatedRecipes as rankRelated } from '../../../src/lib/recipe-ranking.ts';
import type { RecipeFilters } from '../../../src/lib/recipe-filters.ts';
import type { Recipe } from '../../../src/lib/schemas/recipe.ts';
import { afterCursor, cursorSelections, decodeCursor, nextCursor, type KeyOrder } from '../list-cursor.ts';
import { withRecipeFilters } from './recipe-filters.ts';

// Recipe reads for the API: lists (by offset or cursor), one recipe, related recipes and the
// admin table. Every function takes the database handle so tests can pass their own.

const toRecipes = (rows: RecipeRow[]) => rows.map(recipeFromRow);

/** Newest first, paged. */
export async function listRecipes(db: Db, page: { limit: number; offset: number }): Promise<Recipe[]> {
  const rows = await db
    .selectFrom('recipes')
    .select(RECIPE_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return toRecipes(rows);
}

/** Column of each featured-order key. */
const FEATURED_COLUMNS = {
  rating: 'rating',
  reviewCount: 'review_count',
  createdAt: 'created_at',
  id: 'id',
} as const;

/** A page of a public list: by offset, or after a cursor from the previous page. */
export interface ListPage {
  limit: number;
  offset: number;
  cursor?: string | undefined;
}

/** A page of a list and the cursor of the page after it (none after the last). */
export interface Listed<T> {
  items: T[];
  nextCursor: string | undefined;
}

/** The keyset orders of the lists (functions/_shared/list-cursor.ts), each ending in the unique id. */
const NEWEST: KeyOrder = {
  name: 'newest',
  columns: [
    { column: 'created_at', direction: 'desc', kind: 'time' },
    { column: 'id', direction: 'desc', kind: 'int' },
  ],
};
const FEATURED: KeyOrder = {
  name: 'featured',
  columns: FEATURED_ORDER.map(([key, direction]) => ({
    column: FEATURED_COLUMNS[key],
    direction,
    kind: key === 'createdAt' ? 'time' : 'int',
  })),
};
const ADMIN_ORDERS: Record<AdminRecipeQuery['sort'], KeyOrder> = {
  newest: NEWEST,
  updated: {
    name: 'updated',
    columns: [
      { column: 'updated_at', direction: 'desc', kind: 'time' },
      { column: 'id', direction: 'desc', kind: 'int' },
    ],
  },
  title: {
    name: 'title',
    columns: [
      { column: 'title', direction: 'asc', kind: 'text' },
      { column: 'id', direction: 'desc', kind: 'int' },
    ],
  },
  rating: {
    name: 'rating',
    columns: [
      { column: 'rating', direction: 'desc', kind: 'int' },
      { column: 'id', direction: 'desc', kind: 'int' },
    ],
  },
};

/**
 * One page of `query` in `order`: after the page's cursor when it has one (a seek in the order's
 * index, however deep), else from its offset. Selects what the next cursor needs.
 */
async function pageOf(
  query: SelectQueryBuilder<Database, 'recipes', RecipeRow>,
  order: KeyOrder,
  page: ListPage,
): Promise<Listed<Recipe>> {
  let q = query.select(cursorSelections(order));
  for (const c of order.columns) q = q.orderBy(sql.ref(c.column), c.direction);
  q = page.cursor ? q.where(afterCursor(order, decodeCursor(page.cursor, order))) : q.offset(page.offset);
  const rows = await q.limit(page.limit).execute();
  return { items: toRecipes(rows), nextCursor: nextCursor(order, rows, page.limit) };
}

/** Best rated (then most reviewed, then newest): what the home page leads with (FEATURED_ORDER). */
export async function featuredRecipes(db: Db, page: ListPage): Promise<Listed<Recipe>> {
  return pageOf(db.selectFrom('recipes').select(RECIPE_COLUMNS), FEATURED, page);
}

export async function recipeById(db: Db, id: number): Promise<Recipe | undefined> {
  const row = await db.selectFrom('recipes').select(RECIPE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? recipeFromRow(row) : undefined;
}

/** What publishing needs to know of a recipe: which pages show it. */
export async function recipeRef(
  db: Db,
  id: number,
): Promise<{ id: number; slug: string; category: string } | undefined> {
  return db.selectFrom('recipes').select(['id', 'slug', 'category']).where('id', '=', id).executeTakeFirst();
}

export async function recipeBySlug(db: Db, slug: string): Promise<Recipe | undefined> {
  const row = await db
    .selectFrom('recipes')
    .select(RECIPE_COLUMNS)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? recipeFromRow(row) : undefined;
}

/** Recipes of one category (by slug), newest first; undefined when the category does not exist. */
export async function recipesInCategory(
  db: Db,
  category: string,
  page: ListPage,
  filters?: RecipeFilters,
): Promise<Listed<Recipe> | undefined> {
  const found = await db
    .selectFrom('categories')
    .select('slug')
    .where((eb) =>
      eb.or([
        eb('slug', '=', category.toLowerCase()),
        eb(eb.fn('lower', ['name']), '=', category.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (!found) return undefined;
  return pageOf(
    withRecipeFilters(
      db.selectFrom('recipes').select(RECIPE_COLUMNS).where('category', '=', found.slug),
      filters,
    ),
    NEWEST,
    page,
  );
}

/**
 * Related recipes, ranked by src/lib/recipe-ranking.ts. The candidates are every recipe the
 * ranking can put first (same category or a shared tag) and, in case those are too few, the
 * first `limit` of the rest in the ranking's own tail order (best rated, then lowest id).
 */
export async function relatedRecipes(db: Db, recipe: Recipe, limit: number): Promise<Recipe[]> {
  const tags = sql.val(recipe.tags);
  const ranked = ['id', 'category', 'tags', 'rating'] as const;
  const [close, rest] = await Promise.all([
    db
      .selectFrom('recipes')
      .select(ranked)
      .where('id', '!=', recipe.id)
      .where((eb) => eb.or([eb('category', '=', recipe.category), sql<boolean>`tags && ${tags}::text[]`]))
      .execute(),
    db
      .selectFrom('recipes')
      .select(ranked)
      .where('id', '!=', recipe.id)
      .where('category', '!=', recipe.category)
      .where(sql<boolean>`NOT (tags && ${tags}::text[])`)
      .orderBy('rating', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute(),
  ]);
  const ids = rankRelated(recipe, [...close, ...rest], limit).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('recipes').select(RECIPE_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(toRecipes(rows).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface AdminRecipeQuery extends ListPage {
  q: string;
  sort: 'newest' | 'updated' | 'title' | 'rating';
}

/** The admin table: recipes matching `q` (title, slug, category, cuisine, tags), paged, with the total. */
export async function adminRecipeList(
  db: Db,
  query: AdminRecipeQuery,
): Promise<Listed<Recipe> & { total: number }> {
  const text = query.q.trim().toLowerCase();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const base = db.selectFrom('recipes').$if(Boolean(text), (qb) =>
    qb.where(
      sql<boolean>`(lower(title) LIKE ${pattern} OR slug LIKE ${pattern} OR category LIKE ${pattern}
          OR lower(cuisine) LIKE ${pattern} OR lower(forkful_join_text(tags)) LIKE ${pattern})`,
    ),
  );
  const [page, count] = await Promise.all([
    pageOf(base.select(RECIPE_COLUMNS), ADMIN_ORDERS[query.sort], query),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ...page, total: count.n };
}
