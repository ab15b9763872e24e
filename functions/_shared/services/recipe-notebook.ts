import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { isoTimestamp } from '../../../db/mappers/timestamp.ts';
import {
  NOTEBOOK_LIMITS,
  type CookedSummary,
  type CookingLogEntry,
  type RecipeNote,
} from '../../../src/lib/schemas/recipe-notebook.ts';

// A cook's note on a recipe (recipe_notes) and the times they cooked it (cooking_log). Every
// query is scoped by user_id: nobody reads or changes another cook's rows.

export async function readNote(db: Db, userId: number, recipeId: number): Promise<RecipeNote | null> {
  const row = await db
    .selectFrom('recipe_notes')
    .select(['body', 'updated_at'])
    .where('user_id', '=', userId)
    .where('recipe_id', '=', recipeId)
    .executeTakeFirst();
  return row ? { body: row.body, updatedAt: isoTimestamp(row.updated_at) } : null;
}

/** Stores the note (an empty one removes it); returns what is stored. */
export async function writeNote(
  db: Db,
  userId: number,
  recipeId: number,
  body: string,
): Promise<RecipeNote | null> {
  if (body === '') {
    await db
      .deleteFrom('recipe_notes')
      .where('user_id', '=', userId)
      .where('recipe_id', '=', recipeId)
      .execute();
    return null;
  }
  const row = await db
    .insertInto('recipe_notes')
    .values({ user_id: userId, recipe_id: recipeId, body })
    .onConflict((oc) => oc.columns(['user_id', 'recipe_id']).doUpdateSet({ body, updated_at: sql`now()` }))
    .returning(['body', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { body: row.body, updatedAt: isoTimestamp(row.updated_at) };
}

export async function cookedSummary(db: Db, userId: number, recipeId: number): Promise<CookedSummary> {
  const row = await db
    .selectFrom('cooking_log')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<string | null>`to_char(max(cooked_on), 'YYYY-MM-DD')`.as('last_on'),
    ])
    .where('user_id', '=', userId)
    .where('recipe_id', '=', recipeId)
    .executeTakeFirstOrThrow();
  return { count: row.count, lastOn: row.last_on };
}

/** Logs one cooking; 'full' past the per-cook limit. */
export async function logCooking(
  db: Db,
  userId: number,
  recipeId: number,
  cookedOn: string,
  servings: number | null,
): Promise<{ id: number } | 'full'> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const { count } = await trx
      .selectFrom('cooking_log')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (count >= NOTEBOOK_LIMITS.cookingLogPerUser) return 'full';
    return trx
      .insertInto('cooking_log')
      .values({ user_id: userId, recipe_id: recipeId, cooked_on: cookedOn, servings })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

/** Removes one of the cook's log entries; the recipe it was about, or undefined when none such. */
export async function deleteCooking(db: Db, userId: number, id: number): Promise<number | undefined> {
  const row = await db
    .deleteFrom('cooking_log')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('recipe_id')
    .executeTakeFirst();
  return row?.recipe_id;
}

/** The cook's latest cooking, newest day first. */
export async function recentCooking(db: Db, userId: number, limit: number): Promise<CookingLogEntry[]> {
  const rows = await db
    .selectFrom('cooking_log')
    .innerJoin('recipes', 'recipes.id', 'cooking_log.recipe_id')
    .select([
      'cooking_log.id',
      'cooking_log.recipe_id',
      'recipes.title',
      'recipes.slug',
      sql<string>`to_char(cooking_log.cooked_on, 'YYYY-MM-DD')`.as('cooked_on'),
      'cooking_log.servings',
    ])
    .where('cooking_log.user_id', '=', userId)
    .orderBy('cooking_log.cooked_on', 'desc')
    .orderBy('cooking_log.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    recipeId: r.recipe_id,
    recipeTitle: r.title,
    recipeSlug: r.slug,
    cookedOn: r.cooked_on,
    servings: r.servings,
  }));
}
