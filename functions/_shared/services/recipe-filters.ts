import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { RECIPE_SUMMARY_COLUMNS, recipeSummaryFromRow } from '../../../db/mappers/recipe.ts';
import type { Database } from '../../../db/schema.ts';
import { byPantryMatch, pantryMatch, type PantryMatch } from '../../../src/lib/pantry.ts';
import { allIngredientLines } from '../../../src/lib/recipe-text.ts';
import type { RecipeFilters } from '../../../src/lib/recipe-filters.ts';
import type { Ingredients, RecipeSummary } from '../../../src/lib/schemas/recipe.ts';

// The filters of search and category listings as SQL, each answered from a column computed when
// the recipe was written: total_time, diets (GIN), ingredient_words (GIN). And "cook with what I
// have": the recipes holding any of the cook's ingredients (from the GIN index), ranked by how
// many of theirs the cook has.

/**
 * "Cook with what I have" ranks in SQL, then matches only the page it keeps line by line in
 * JavaScript (what the cook has and lacks, by name: tens of microseconds a line, so matching the
 * whole pool cost more than the query). SQL ranks the recipes holding all of the cook's
 * ingredients (few, found by the GIN index) and the best-rated this many holding any (read in
 * rating order, stopping when it has them): ranking every recipe holding any would read half the
 * catalogue for a common one like eggs.
 */
const PANTRY_POOL = 300;

/** One ingredient as a text-search query: its words in order ("blue cheese" → 'blue' <-> 'chees'). */
const ingredientQuery = (ingredient: string) => sql`phraseto_tsquery('english', ${ingredient})`;

/** All (`&&`) or any (`||`) of the ingredients. */
function ingredientsQuery(ingredients: string[], join: 'all' | 'any') {
  return sql.join(ingredients.map(ingredientQuery), join === 'all' ? sql` && ` : sql` || `);
}

export function withRecipeFilters<Q extends SelectQueryBuilder<Database, 'recipes', object>>(
  qb: Q,
  filters: RecipeFilters | undefined,
): Q {
  if (!filters) return qb;
  let filtered = qb;
  if (filters.maxTime !== null) filtered = filtered.where('recipes.total_time', '<=', filters.maxTime) as Q;
  if (filters.diets.length > 0)
    filtered = filtered.where(sql<boolean>`recipes.diets @> ${sql.val(filters.diets)}::text[]`) as Q;
  for (const ingredient of filters.exclude)
    filtered = filtered.where(
      sql<boolean>`NOT (recipes.ingredient_words @@ ${ingredientQuery(ingredient)})`,
    ) as Q;
  if (filters.have.length > 0)
    filtered = filtered.where(
      sql<boolean>`recipes.ingredient_words @@ (${ingredientsQuery(filters.have, 'any')})`,
    ) as Q;
  return filtered;
}

/** A search result: the card, and with "cook with what I have" what the cook has and lacks. */
export type SearchResult = RecipeSummary & { pantry?: PantryMatch };

/** How many of the cook's ingredients a recipe holds, one point each, read from its ingredient_words. */
function heldCount(have: string[]) {
  return sql<number>`(${sql.join(
    have.map((ingredient) => sql`(recipes.ingredient_words @@ ${ingredientQuery(ingredient)})::int`),
    sql` + `,
  )})`;
}

/**
 * The recipes that hold any of `have` (and pass the other filters `scoped` applied): the page SQL
 * ranks by how many of the cook's ingredients they hold, ordered by how many of their ingredient
 * lines the cook has, then fewest missing, then rating.
 */
export async function pantryResults(
  db: Kysely<Database>,
  scoped: SelectQueryBuilder<Database, 'recipes', object>,
  have: string[],
  limit: number,
): Promise<SearchResult[]> {
  const rows = await pantryCandidates(db, scoped, have, limit).execute();
  return rows
    .map((row) => {
      const ingredients = (
        typeof row.ingredients === 'string' ? JSON.parse(row.ingredients) : row.ingredients
      ) as Ingredients;
      return { ...recipeSummaryFromRow(row), pantry: pantryMatch(allIngredientLines(ingredients), have) };
    })
    .sort(byPantryMatch)
    .slice(0, limit);
}

/**
 * The page "cook with what I have" matches line by line: among the recipes holding all of the
 * cook's ingredients and the best-rated PANTRY_POOL holding any (`scoped` holds the filters and
 * "any"), those holding the most of them, best rated first among equals.
 */
export function pantryCandidates(
  db: Kysely<Database>,
  scoped: SelectQueryBuilder<Database, 'recipes', object>,
  have: string[],
  limit: number,
) {
  const byRating = <Q extends SelectQueryBuilder<Database, 'recipes', object>>(qb: Q) =>
    qb.orderBy('recipes.rating', 'desc').orderBy('recipes.id', 'asc') as Q;
  const holdingAll = byRating(
    scoped
      .select('recipes.id')
      .where(sql<boolean>`recipes.ingredient_words @@ (${ingredientsQuery(have, 'all')})`),
  ).limit(limit);
  const bestHoldingAny = byRating(scoped.select('recipes.id')).limit(PANTRY_POOL);
  const pool = db
    .selectFrom(holdingAll.as('all_of_them'))
    .select('id')
    .union(db.selectFrom(bestHoldingAny.as('any_of_them')).select('id'));
  return byRating(
    db
      .selectFrom('recipes')
      .select([...RECIPE_SUMMARY_COLUMNS, 'recipes.ingredients'])
      .where('recipes.id', 'in', pool)
      .orderBy(heldCount(have), 'desc'),
  ).limit(limit);
}
