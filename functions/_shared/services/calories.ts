import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { CalorieEntry, CalorieEntryValues, MealType } from '../../../src/lib/calorie-schema.ts';

// Calorie entries and the daily goal, always scoped to one user. Calories are computed here from
// the recipe (per-serving calories × servings), never taken from the browser.

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

type Row = {
  id: number;
  date: string;
  recipe_id: number | null;
  recipe_name: string;
  servings: string | number;
  calories: number;
  meal_type: MealType;
  created_at: Date | string;
};

const toEntry = (r: Row): CalorieEntry => ({
  id: r.id,
  date: r.date,
  recipeId: r.recipe_id,
  recipeName: r.recipe_name,
  servings: Number(r.servings),
  calories: r.calories,
  mealType: r.meal_type,
  createdAt: iso(r.created_at),
});

// The date as text: drivers turn a `date` into a JS Date at local midnight, which shifts days.
const columns = [
  'id', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), 'recipe_id', 'recipe_name', 'servings', 'calories', 'meal_type', 'created_at',
] as const;

/** The user's entries of one day, in the order they were added. */
export async function entriesOfDay(db: Db, userId: number, date: string): Promise<CalorieEntry[]> {
  const rows = await db.selectFrom('calorie_entries').select(columns)
    .where('user_id', '=', userId).where('date', '=', date)
    .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  return rows.map(toEntry);
}

/** Adds an entry for a recipe; undefined when the recipe does not exist. */
export async function addEntry(db: Db, userId: number, input: CalorieEntryValues): Promise<CalorieEntry | undefined> {
  const recipe = await db.selectFrom('recipes').select(['title', 'calories']).where('id', '=', input.recipeId).executeTakeFirst();
  if (!recipe) return undefined;
  const row = await db.insertInto('calorie_entries').values({
    user_id: userId,
    date: input.date,
    recipe_id: input.recipeId,
    recipe_name: recipe.title,
    servings: input.servings,
    calories: Math.round(recipe.calories * input.servings),
    meal_type: input.mealType,
  }).returning(columns).executeTakeFirstOrThrow();
  return toEntry(row);
}

/** Deletes one of the user's entries; false when the user has no such entry. */
export async function deleteEntry(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('calorie_entries').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function calorieGoal(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('calorie_goal').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.calorie_goal;
}

export async function setCalorieGoal(db: Db, userId: number, goal: number): Promise<number> {
  const row = await db.updateTable('users').set({ calorie_goal: goal }).where('id', '=', userId)
    .returning('calorie_goal').executeTakeFirstOrThrow();
  return row.calorie_goal;
}
