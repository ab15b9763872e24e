import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import type { Db } from '../client.ts';
import { recipeFromRow } from '../mappers/recipe.ts';

// Recipe reads of the build (through the collections in src/content.config.ts and src/live.config.ts).

/**
 * Every recipe in batches of `size` by id, for the build's loader: neither the server that runs
 * the query nor the build worker holds the whole catalogue's rows at once (at 50,000 recipes one
 * answer would be ~70 MB serialized over IPC, and the server's heap is capped at 256 MB).
 */
export async function* recipesInBatches(db: Db, size = 2000): AsyncGenerator<Recipe[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('recipes')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(recipeFromRow);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

/** The recipes with these ids, in no particular order (an id without a recipe is left out). */
export async function recipesByIds(db: Db, ids: readonly number[]): Promise<Recipe[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('recipes').selectAll().where('id', 'in', ids).execute();
  return rows.map(recipeFromRow);
}

/** Every recipe, newest first. */
export async function allRecipes(db: Db): Promise<Recipe[]> {
  const rows = await db
    .selectFrom('recipes')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(recipeFromRow);
}
