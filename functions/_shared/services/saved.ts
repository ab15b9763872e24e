import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow } from '../../../db/mappers/recipe.ts';
import type { Recipe } from '../../../src/lib/schemas/recipe.ts';

// A user's saved recipes (saved_recipes: one row per user and recipe, so saving twice is a no-op).

export async function recipeExists(db: Db, recipeId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('recipes').select('id').where('id', '=', recipeId).executeTakeFirst());
}

export async function isSaved(db: Db, userId: number, recipeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('saved_recipes')
    .select('recipe_id')
    .where('user_id', '=', userId)
    .where('recipe_id', '=', recipeId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function saveRecipe(db: Db, userId: number, recipeId: number): Promise<void> {
  await db
    .insertInto('saved_recipes')
    .values({ user_id: userId, recipe_id: recipeId })
    .onConflict((oc) => oc.columns(['user_id', 'recipe_id']).doNothing())
    .execute();
}

export async function unsaveRecipe(db: Db, userId: number, recipeId: number): Promise<void> {
  await db
    .deleteFrom('saved_recipes')
    .where('user_id', '=', userId)
    .where('recipe_id', '=', recipeId)
    .execute();
}

/** The user's saved recipes, most recently saved first. */
export async function savedRecipes(db: Db, userId: number): Promise<Recipe[]> {
  const rows = await db
    .selectFrom('saved_recipes')
    .innerJoin('recipes', 'recipes.id', 'saved_recipes.recipe_id')
    .select(RECIPE_COLUMNS)
    .where('saved_recipes.user_id', '=', userId)
    .orderBy('saved_recipes.created_at', 'desc')
    .orderBy('recipes.id', 'desc')
    .execute();
  return rows.map(recipeFromRow);
}
