import { sql } from 'kysely';
import type { CalorieEntryRow, NewCalorieEntryRow } from '../schema.ts';
import type { CalorieEntry, CalorieEntryValues } from '../../src/lib/schemas/calorie-entry.ts';
import { isoTimestamp } from './timestamp.ts';

// calorie_entries rows ↔ the public CalorieEntry (src/lib/schemas/calorie-entry.ts).

/**
 * The columns calorieEntryFromRow reads. The date comes back as text: drivers turn a `date`
 * into a JS Date at local midnight, which shifts days.
 */
export const CALORIE_ENTRY_COLUMNS = [
  'id',
  sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
  'recipe_id',
  'recipe_name',
  'servings',
  'calories',
  'meal_type',
  'created_at',
] as const;

export type CalorieEntryListRow = Omit<CalorieEntryRow, 'user_id' | 'servings'> & {
  /** numeric: text from the driver, a number when written by us. */
  servings: string | number;
};

export function calorieEntryFromRow(row: CalorieEntryListRow): CalorieEntry {
  return {
    id: row.id,
    date: row.date,
    recipeId: row.recipe_id,
    recipeName: row.recipe_name,
    servings: Number(row.servings),
    calories: row.calories,
    mealType: row.meal_type,
    createdAt: isoTimestamp(row.created_at),
  };
}

/**
 * A validated entry as a row: the recipe's name is copied (the entry outlives a renamed or deleted
 * recipe) and the calories are computed here, per-serving calories × servings, never taken from
 * the browser.
 */
export function calorieEntryToRow(
  input: CalorieEntryValues,
  owner: { userId: number; recipe: { title: string; calories: number } },
): NewCalorieEntryRow {
  return {
    user_id: owner.userId,
    date: input.date,
    recipe_id: input.recipeId,
    recipe_name: owner.recipe.title,
    servings: input.servings,
    calories: Math.round(owner.recipe.calories * input.servings),
    meal_type: input.mealType,
  };
}
