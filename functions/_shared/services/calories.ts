import type { Db } from '../../../db/client.ts';
import {
  CALORIE_ENTRY_COLUMNS,
  calorieEntryFromRow,
  calorieEntryToRow,
} from '../../../db/mappers/calorie-entry.ts';
import type { CalorieEntry, CalorieEntryValues } from '../../../src/lib/schemas/calorie-entry.ts';

// Calorie entries and the daily goal, always scoped to one user. Calories are computed from the
// recipe (calorieEntryToRow), never taken from the browser.

/** The user's entries of one day, in the order they were added. */
export async function entriesOfDay(db: Db, userId: number, date: string): Promise<CalorieEntry[]> {
  const rows = await db
    .selectFrom('calorie_entries')
    .select(CALORIE_ENTRY_COLUMNS)
    .where('user_id', '=', userId)
    .where('date', '=', date)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(calorieEntryFromRow);
}

/** Adds an entry for a recipe; undefined when the recipe does not exist. */
export async function addEntry(
  db: Db,
  userId: number,
  input: CalorieEntryValues,
): Promise<CalorieEntry | undefined> {
  const recipe = await db
    .selectFrom('recipes')
    .select(['title', 'calories'])
    .where('id', '=', input.recipeId)
    .executeTakeFirst();
  if (!recipe) return undefined;
  const row = await db
    .insertInto('calorie_entries')
    .values(calorieEntryToRow(input, { userId, recipe }))
    .returning(CALORIE_ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
  return calorieEntryFromRow(row);
}

/** Deletes one of the user's entries; false when the user has no such entry. */
export async function deleteEntry(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('calorie_entries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function calorieGoal(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('calorie_goal')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.calorie_goal;
}

export async function setCalorieGoal(db: Db, userId: number, goal: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ calorie_goal: goal })
    .where('id', '=', userId)
    .returning('calorie_goal')
    .executeTakeFirstOrThrow();
  return row.calorie_goal;
}
