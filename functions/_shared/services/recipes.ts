import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow } from '../../../db/mappers/recipe.ts';
import type { RecipeRow } from '../../../db/schema.ts';
import { FEATURED_ORDER, relatedRecipes as rankRelated } from '../../../src/lib/recipe-ranking.ts';
import type { Recipe } from '../../../src/lib/schemas/recipe.ts';

// Recipe reads. Every function takes the database handle so tests can pass their own.

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

/** Best rated (then most reviewed, then newest): what the home page leads with (FEATURED_ORDER). */
export async function featuredRecipes(db: Db, page: { limit: number; offset: number }): Promise<Recipe[]> {
  let query = db.selectFrom('recipes').select(RECIPE_COLUMNS);
  for (const [key, direction] of FEATURED_ORDER) query = query.orderBy(FEATURED_COLUMNS[key], direction);
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  return toRecipes(rows);
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
  page: { limit: number; offset: number },
): Promise<Recipe[] | undefined> {
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
  const rows = await db
    .selectFrom('recipes')
    .select(RECIPE_COLUMNS)
    .where('category', '=', found.slug)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return toRecipes(rows);
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
}

/** Word characters of a query, the last one a prefix ("chick" finds chicken while typing). */
export function toPrefixTsQuery(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** How far (1 - strict word similarity) a typo may be from a word of the recipe and still match. */
const TYPO_DISTANCE = 0.6;

/**
 * Ranked full-text matches first (title weighs most, ingredients least); when they do not fill
 * the page, recipes whose words are closest by trigrams ("chiken" → chicken) follow.
 */
export async function searchRecipes(db: Db, query: SearchQuery): Promise<Recipe[]> {
  const filtered = db
    .selectFrom('recipes')
    .select(RECIPE_COLUMNS)
    .$if(Boolean(query.category), (qb) => qb.where('category', '=', query.category!))
    .$if(Boolean(query.cuisine), (qb) => qb.where(sql`lower(cuisine)`, '=', query.cuisine!.toLowerCase()));

  const text = query.q.trim();
  if (!text) {
    const rows = await filtered
      .orderBy('rating', 'desc')
      .orderBy('created_at', 'desc')
      .limit(query.limit)
      .execute();
    return toRecipes(rows);
  }

  const tsQuery = toPrefixTsQuery(text);
  const exact = tsQuery
    ? await filtered
        .where(sql<boolean>`search_vector @@ to_tsquery('english', ${tsQuery})`)
        .orderBy(sql`ts_rank(search_vector, to_tsquery('english', ${tsQuery}))`, 'desc')
        .orderBy('rating', 'desc')
        .orderBy('id', 'asc')
        .limit(query.limit)
        .execute()
    : [];
  const found = toRecipes(exact);
  if (found.length >= query.limit) return found;

  const seen = found.map((r) => r.id);
  const lowered = text.toLowerCase();
  const distance = sql<number>`${lowered} <<<-> search_words`;
  // Nearest first by the GiST index alone (a KNN scan stays fast as the catalogue grows); the
  // typo threshold and the tie-breaks apply to those few candidates only.
  const nearest = db
    .selectFrom('recipes')
    .select(['id', distance.as('distance')])
    .$if(Boolean(query.category), (qb) => qb.where('category', '=', query.category!))
    .$if(Boolean(query.cuisine), (qb) => qb.where(sql`lower(cuisine)`, '=', query.cuisine!.toLowerCase()))
    .orderBy(distance)
    .limit(query.limit + seen.length);
  const fuzzy = await db
    .selectFrom('recipes')
    .innerJoin(nearest.as('n'), 'n.id', 'recipes.id')
    .select(RECIPE_COLUMNS)
    .where('n.distance', '<=', TYPO_DISTANCE)
    .$if(seen.length > 0, (qb) => qb.where('recipes.id', 'not in', seen))
    .orderBy('n.distance', 'asc')
    .orderBy('recipes.rating', 'desc')
    .orderBy('recipes.id', 'asc')
    .limit(query.limit - found.length)
    .execute();
  return [...found, ...toRecipes(fuzzy)];
}
