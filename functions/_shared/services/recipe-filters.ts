import { sql, type SelectQueryBuilder } from 'kysely';
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

/** Candidates read for "cook with what I have" before ranking: the best-rated that hold any. */
const PANTRY_CANDIDATES = 300;

/** One ingredient as a text-search query: its words in order ("blue cheese" → 'blue' <-> 'chees'). */
const ingredientQuery = (ingredient: string) => sql`phraseto_tsquery('english', ${ingredient})`;

/** Any of the ingredients. */
function anyIngredientQuery(ingredients: string[]) {
  return sql.join(ingredients.map(ingredientQuery), sql` || `);
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
      sql<boolean>`recipes.ingredient_words @@ (${anyIngredientQuery(filters.have)})`,
    ) as Q;
  return filtered;
}

/** A search result: the card, and with "cook with what I have" what the cook has and lacks. */
export type SearchResult = RecipeSummary & { pantry?: PantryMatch };

/**
 * The recipes that hold any of `have` (and pass the other filters `scoped` applied), ranked by how
 * many of their ingredients the cook has, then fewest missing, then rating.
 */
export async function pantryResults(
  scoped: SelectQueryBuilder<Database, 'recipes', object>,
  have: string[],
  limit: number,
): Promise<SearchResult[]> {
  const rows = await pantryCandidates(scoped).execute();
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

/** The candidates "cook with what I have" ranks: the best-rated recipes passing the filters. */
export function pantryCandidates(scoped: SelectQueryBuilder<Database, 'recipes', object>) {
  return scoped
    .select([...RECIPE_SUMMARY_COLUMNS, 'recipes.ingredients'])
    .orderBy('recipes.rating', 'desc')
    .orderBy('recipes.id', 'asc')
    .limit(PANTRY_CANDIDATES);
}
