import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import type { Db } from '../client.ts';
import { recipeFromRow } from '../mappers/recipe.ts';

// Recipe reads of the build (through the content loaders in src/content.config.ts).

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
