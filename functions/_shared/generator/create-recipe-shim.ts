import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow } from '../../../db/mappers/recipe.ts';
import { recipeToRow } from '../../../db/mappers/recipe.ts';
import { RecipeInputSchema, type Recipe } from '../../../src/lib/schemas/recipe.ts';
import { parseOrThrow } from '../http.ts';

// TEMPORARY: stands in for createRecipe() from services/recipes.ts (the admin API issue) until
// it lands on main; same call shape, so switching is one import.

const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');

export async function createRecipe(
  db: Db,
  input: unknown,
  _options: { author?: string; publish?: boolean } = {},
): Promise<Recipe> {
  const values = parseOrThrow(RecipeInputSchema, input, 'recipe');
  const base = slugify(values.title) || 'recipe';
  const taken = new Set(
    (
      await db
        .selectFrom('recipes')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const row = await db
    .insertInto('recipes')
    .values(recipeToRow(values, { slug }))
    .returning(RECIPE_COLUMNS)
    .executeTakeFirstOrThrow();
  return recipeFromRow(row);
}
