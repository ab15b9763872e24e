import * as v from 'valibot';
import { DIETS, type Diet } from './diet-names.ts';
import {
  INGREDIENT_MAX_LENGTH,
  ingredientList,
  MAX_FILTER_INGREDIENTS,
  TIME_LIMITS,
  type RecipeFilters,
  type TimeLimit,
} from './recipe-filters.ts';

// The filter parameters of the search and category API (GET /api/recipes/search, /category/:c),
// checked with valibot; apart from recipe-filters.ts so the search page does not load valibot.

const ingredientsParam = (what: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform(ingredientList),
      v.maxLength(MAX_FILTER_INGREDIENTS, `List at most ${MAX_FILTER_INGREDIENTS} ingredients to ${what}`),
      v.check(
        (list) => list.every((s) => s.length <= INGREDIENT_MAX_LENGTH),
        `An ingredient to ${what} is at most ${INGREDIENT_MAX_LENGTH} characters`,
      ),
    ),
    '',
  );

/** The filter parameters of an API query: time, diet (comma list), exclude and have (comma lists). */
export const FilterQueryEntries = {
  time: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.picklist(TIME_LIMITS, `time must be one of ${TIME_LIMITS.join(', ')} (minutes)`),
    ),
  ),
  diet: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((d) => d.trim().toLowerCase())),
      v.array(v.picklist(DIETS, `diet must be among ${DIETS.join(', ')}`)),
    ),
  ),
  exclude: ingredientsParam('leave out'),
  have: ingredientsParam('cook with'),
};

/** Parsed filter parameters → RecipeFilters. */
export function filtersOf(query: {
  time?: TimeLimit | undefined;
  diet?: Diet[] | undefined;
  exclude: string[];
  have: string[];
}): RecipeFilters {
  return {
    maxTime: query.time ?? null,
    diets: DIETS.filter((d) => query.diet?.includes(d)),
    exclude: query.exclude,
    have: query.have,
  };
}
