import { getDb } from '../../db/client.ts';
import { notFound } from './http.ts';
import { IdParam, pathParam } from './params.ts';
import { recipeExists } from './services/saved.ts';

// A cook's own marks on a recipe (saved, notes, the cooking log) name the recipe by its id in
// the path; a recipe that does not exist answers 404 before anything is stored.

/** The recipe id of the path, 404 when no such recipe exists. */
export async function existingRecipeId(raw: string | undefined): Promise<number> {
  const id = pathParam(IdParam, raw, 'id');
  if (!(await recipeExists(getDb(), id))) throw notFound('Recipe not found.');
  return id;
}
