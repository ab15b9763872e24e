import type { Context } from '@netlify/functions';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import {
  RECIPE_COLUMNS,
  RECIPE_SUMMARY_COLUMNS,
  recipeFromRow,
  recipeSummaryFromRow,
  recipeToRow,
} from '../../../db/mappers/recipe.ts';
import type { Database, NewRecipeRow, RecipeRow } from '../../../db/schema.ts';
import { FEATURED_ORDER, relatedRecipes as rankRelated } from '../../../src/lib/recipe-ranking.ts';
import { DEFAULT_RECIPE_IMAGE, RecipeInputSchema, type Recipe } from '../../../src/lib/schemas/recipe.ts';
import { slugify, uniqueSlug } from '../../../src/lib/slug.ts';
import { ApiError, badRequest, notFound, parseOrThrow } from '../http.ts';
import { afterCursor, cursorSelections, decodeCursor, nextCursor, type KeyOrder } from '../list-cursor.ts';
import { publish } from '../publish.ts';
import { notebookSnapshots } from './notebook-trash.ts';
import { moveToTrash, snapshotRows, type TrashEntry } from './trash.ts';
import { keepVersion } from './versions.ts';
import { pantryResults, withRecipeFilters, type SearchResult } from './recipe-filters.ts';
import type { RecipeFilters } from '../../../src/lib/recipe-filters.ts';

// Recipe reads. Every function takes the database handle so tests can pass their own.

const toRecipes = (rows: RecipeRow[]) => rows.map(recipeFromRow);
const toSummaries = <R extends Parameters<typeof recipeSummaryFromRow>[0]>(rows: R[]) =>
  rows.map(recipeSummaryFromRow);

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

export interface SearchQuery {
  q: string;
  category?: string | undefined;
  cuisine?: string | undefined;
  limit: number;
  /** Time, diets, ingredients left out or had (services/recipe-filters.ts). */
  filters?: RecipeFilters | undefined;
}

/** The lower-cased words of a query (letters and digits), in order. */
export function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Word characters of a query, the last one a prefix ("chick" finds chicken while typing). */
export function toPrefixTsQuery(q: string): string | undefined {
  const words = queryWords(q);
  if (words.length === 0) return undefined;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/**
 * How alike (pg_trgm similarity, 0–1) a query word and a known word must be for the word to be
 * taken as a typo of it: "chiken" → chicken is 0.5, "lemn" → lemon 0.38, "curyy" → curry 0.33.
 */
const TYPO_SIMILARITY = 0.3;

/**
 * The queries a search runs, built here once so the service and the plan test
 * (tests/api/search-plans.test.ts) use the very same SQL:
 * - `browse`: no words, only filters: best rated first;
 * - `exact`: ranked full-text matches (title weighs most, ingredients least);
 * - `nearestTerms(words)`: for each query word the closest known word of the catalogue
 *   (search_terms, a trigram KNN over a small table), to correct typos;
 * - `ranked(tsQuery, seen)`: the ranked full-text query for other words (the corrected ones),
 *   without the `seen` ids, to fill a page the exact matches leave short.
 */
export function searchQueries(db: Db, query: SearchQuery) {
  const withFilters = <Q extends SelectQueryBuilder<Database, 'recipes', object>>(qb: Q): Q => {
    let filtered = qb;
    if (query.category) filtered = filtered.where('recipes.category', '=', query.category) as Q;
    // lower(cuisine) is what recipes_cuisine_rating_idx indexes.
    if (query.cuisine)
      filtered = filtered.where(sql`lower(recipes.cuisine)`, '=', query.cuisine.toLowerCase()) as Q;
    return withRecipeFilters(filtered, query.filters);
  };
  const text = query.q.trim();
  const summaries = () => withFilters(db.selectFrom('recipes').select(RECIPE_SUMMARY_COLUMNS));

  const browse = summaries()
    .orderBy('recipes.rating', 'desc')
    .orderBy('recipes.created_at', 'desc')
    .limit(query.limit);

  const ranked = (tsQuery: string, seen: number[] = []) =>
    summaries()
      .where(sql<boolean>`search_vector @@ to_tsquery('english', ${tsQuery})`)
      .$if(seen.length > 0, (qb) => qb.where('recipes.id', 'not in', seen))
      .orderBy(sql`ts_rank(search_vector, to_tsquery('english', ${tsQuery}))`, 'desc')
      .orderBy('recipes.rating', 'desc')
      .orderBy('recipes.id', 'asc')
      .limit(query.limit);

  const tsQuery = text ? toPrefixTsQuery(text) : undefined;
  const exact = tsQuery ? ranked(tsQuery) : undefined;

  // Query words never hold spaces (queryWords), so one text parameter carries them all.
  const nearestTerms = (words: string[]) => sql<NearestTerm>`
    SELECT w.word, t.term, t.similarity
    FROM unnest(string_to_array(${words.join(' ')}, ' ')) WITH ORDINALITY AS w(word, position)
    CROSS JOIN LATERAL (
      SELECT term, similarity(term, w.word) AS similarity
      FROM search_terms
      ORDER BY term <-> w.word
      LIMIT 1
    ) AS t
    ORDER BY w.position`;
  // "Cook with what I have": the recipes passing the filters (and holding the words, when typed).
  const scoped = () =>
    withFilters(db.selectFrom('recipes')).$if(tsQuery !== undefined, (qb) =>
      qb.where(sql<boolean>`search_vector @@ to_tsquery('english', ${tsQuery})`),
    );
  return { text, browse, exact, ranked, nearestTerms, scoped };
}

/** A query word and the closest word the catalogue knows. */
export interface NearestTerm {
  word: string;
  term: string;
  similarity: number;
}

/** Each word replaced by the known word it is most likely a typo of (unchanged when none is close). */
export function correctWords(words: string[], nearest: NearestTerm[]): string[] {
  const best = new Map(nearest.map((n) => [n.word, n]));
  return words.map((word) => {
    const near = best.get(word);
    return near && near.similarity >= TYPO_SIMILARITY ? near.term : word;
  });
}

/**
 * Ranked full-text matches first (title weighs most, ingredients least); when they do not fill
 * the page, the same search with each word corrected to the nearest word the catalogue knows
 * ("chiken" → chicken) follows.
 */
export async function searchRecipes(db: Db, query: SearchQuery): Promise<SearchResult[]> {
  const { text, browse, exact, ranked, nearestTerms, scoped } = searchQueries(db, query);
  const have = query.filters?.have ?? [];
  if (have.length > 0) return pantryResults(scoped(), have, query.limit);
  if (!text) return toSummaries(await browse.execute());
  const found = exact ? toSummaries(await exact.execute()) : [];
  if (found.length >= query.limit) return found;
  const words = queryWords(text);
  if (words.length === 0) return found;
  const corrected = correctWords(words, (await nearestTerms(words).execute(db)).rows);
  if (corrected.every((w, i) => w === words[i])) return found;
  const rest = await ranked(
    toPrefixTsQuery(corrected.join(' '))!,
    found.map((r) => r.id),
  )
    .limit(query.limit - found.length)
    .execute();
  return [...found, ...toSummaries(rest)];
}

// ---------------------------------------------------------------------------------------------
// Writes (admin form, generator, import). Each is one transaction and then one `publish` with
// what changed (docs/DECISIONS.md "Publishing"). Input is validated here, so every caller gets the same rules
// and the recipe form's messages.

/** Who made a change, recorded with versions and trash entries ('admin', 'generator', 'import'). */
export interface WriteOptions {
  author?: string;
  /** False when the caller publishes a batch itself (generator bulk runs, imports). */
  publish?: boolean;
  context?: Partial<Context>;
}

export type RecipeWriteInput = v.InferInput<typeof RecipeInputSchema>;

/** Validates a recipe payload (400 with `issues` and the recipe form's messages otherwise). */
export function parseRecipeInput(input: unknown): v.InferOutput<typeof RecipeInputSchema> {
  return parseOrThrow(RecipeInputSchema, input, 'recipe');
}

const ref = (r: { id: number; slug: string; category: string }) => ({
  id: r.id,
  slug: r.slug,
  category: r.category,
});

async function assertCategoryExists(trx: Transaction<Database>, category: string): Promise<void> {
  const found = await trx
    .selectFrom('categories')
    .select('slug')
    .where('slug', '=', category)
    .executeTakeFirst();
  if (!found) {
    const message = `Category "${category}" does not exist`;
    throw badRequest(message, [{ path: 'category', message }]);
  }
}

/** Slugs in use that start like `base` (for base, base-2, base-3…). */
async function takenSlugs(trx: Transaction<Database>, base: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('recipes')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

const slugClash = (slug: string) =>
  new ApiError(409, `The slug "${slug}" is already used by another recipe.`);

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

function rowValues(input: v.InferOutput<typeof RecipeInputSchema>, slug: string): NewRecipeRow {
  const { slug: _asked, noCooking: _noCooking, ...values } = input;
  return recipeToRow({ ...values, image: values.image || DEFAULT_RECIPE_IMAGE }, { slug });
}

/**
 * Creates a recipe: validated like the admin form, its slug from the title (the slug rule; a clash gets
 * -2, -3…) unless `slug` is given (then a clash is a 409), an empty image → the default image.
 */
export async function createRecipe(db: Db, input: unknown, options: WriteOptions = {}): Promise<Recipe> {
  const values = parseRecipeInput(input);
  const asked = values.slug;
  const base = asked ?? (slugify(values.title) || 'recipe');
  let created: RecipeRow | undefined;
  for (let attempt = 0; !created; attempt++) {
    try {
      created = await db.transaction().execute(async (trx) => {
        await assertCategoryExists(trx, values.category);
        const taken = await takenSlugs(trx, base);
        if (asked && taken.has(asked)) throw slugClash(asked);
        const slug = uniqueSlug(base, taken);
        return trx
          .insertInto('recipes')
          .values(rowValues(values, slug))
          .returning(RECIPE_COLUMNS)
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      // Two creates with the same title at once: the loser takes the next free suffix.
      if (!isUniqueViolation(err) || asked || attempt >= 4) throw err;
    }
  }
  const recipe = recipeFromRow(created);
  if (options.publish !== false)
    await publish({ reason: `Recipe "${recipe.title}" created`, recipes: [ref(recipe)] }, options.context);
  return recipe;
}

/** The editable state of a recipe (what its form and PUT carry), kept as a version. */
export function recipeVersionData(recipe: Recipe): Record<string, unknown> {
  const {
    id: _id,
    rating: _rating,
    averageRating: _average,
    reviewCount: _count,
    createdAt: _created,
    updatedAt: _updated,
    ...rest
  } = recipe;
  const data: Record<string, unknown> = { ...rest, noCooking: recipe.cookTime === 0 };
  for (const [key, value] of Object.entries(data)) if (value === null) delete data[key];
  return data;
}

/**
 * Replaces a recipe with the input (the whole form). The slug stays unless `slug` asks for
 * another (409 when taken). The state it replaces is kept as a version.
 */
export async function updateRecipe(
  db: Db,
  id: number,
  input: unknown,
  options: WriteOptions = {},
): Promise<Recipe> {
  const values = parseRecipeInput(input);
  const author = options.author ?? 'admin';
  let before: Recipe | undefined;
  let updated: RecipeRow;
  try {
    updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('recipes')
        .select(RECIPE_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('Recipe not found.');
      before = recipeFromRow(row);
      await assertCategoryExists(trx, values.category);
      const slug = values.slug ?? row.slug;
      if (slug !== row.slug) {
        const other = await trx
          .selectFrom('recipes')
          .select('id')
          .where('slug', '=', slug)
          .executeTakeFirst();
        if (other) throw slugClash(slug);
      }
      await keepVersion(trx, 'recipe', id, { title: row.title, data: recipeVersionData(before) }, author);
      const { created_at: _c, ...next } = rowValues(values, slug);
      return trx
        .updateTable('recipes')
        .set({ ...next, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(RECIPE_COLUMNS)
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    if (isUniqueViolation(err) && values.slug) throw slugClash(values.slug);
    throw err;
  }
  const recipe = recipeFromRow(updated);
  if (options.publish !== false) {
    const recipes = [ref(recipe)];
    if (before && (before.slug !== recipe.slug || before.category !== recipe.category))
      recipes.push(ref(before));
    await publish({ reason: `Recipe "${recipe.title}" updated`, recipes }, options.context);
  }
  return recipe;
}

const REVIEW_COLUMNS = ['id', 'recipe_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at'];

/**
 * Deletes a recipe, moving it with its reviews, helpful marks and saves to the trash (restore
 * with POST /api/admin/trash/{trashId}/restore). Returns the trash entry.
 */
export async function deleteRecipe(db: Db, id: number, options: WriteOptions = {}): Promise<TrashEntry> {
  let removed: { id: number; slug: string; category: string; title: string } | undefined;
  const entry = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('recipes')
      .select(['id', 'slug', 'category', 'title'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Recipe not found.');
    removed = row;
    const columns = RECIPE_COLUMNS.map((c) => c.slice('recipes.'.length));
    const tables = [
      await snapshotRows(trx, 'recipes', columns, sql<boolean>`id = ${id}`),
      await snapshotRows(trx, 'reviews', REVIEW_COLUMNS, sql<boolean>`recipe_id = ${id}`),
      await snapshotRows(
        trx,
        'review_helpful',
        ['review_id', 'user_id', 'created_at'],
        sql<boolean>`review_id IN (SELECT id FROM reviews WHERE recipe_id = ${id})`,
      ),
      await snapshotRows(
        trx,
        'saved_recipes',
        ['user_id', 'recipe_id', 'created_at'],
        sql<boolean>`recipe_id = ${id}`,
      ),
      ...(await notebookSnapshots(trx, id)),
    ];
    const calorieIds = await trx
      .selectFrom('calorie_entries')
      .select('id')
      .where('recipe_id', '=', id)
      .execute();
    const trashed = await moveToTrash(
      trx,
      { entity: 'recipe', entityId: id, title: row.title },
      {
        tables,
        relink: [{ table: 'calorie_entries', column: 'recipe_id', ids: calorieIds.map((c) => c.id) }],
      },
      options.author ?? 'admin',
    );
    await trx.deleteFrom('recipes').where('id', '=', id).execute();
    return trashed;
  });
  if (options.publish !== false && removed)
    await publish({ reason: `Recipe "${removed.title}" deleted`, recipes: [ref(removed)] }, options.context);
  return entry;
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
