import { getDb } from '../db/client.ts';
import { json, notFound } from './_shared/http.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { optionalUser, requireUser } from './_shared/session.ts';
import { isSaved, recipeExists, saveRecipe, savedRecipes, unsaveRecipe } from './_shared/services/saved.ts';

// Saved recipes. Saving and unsaving are idempotent: the answer is the new state.
// Everything is per user, so every answer is `private, no-store`.

export const config: Config = {
  path: ['/api/recipes/:id/saved', '/api/recipes/:id/save', '/api/user/saved-recipes'],
  method: ['GET', 'POST', 'DELETE'],
};

const LOGIN_TO_SAVE = 'Please log in to save recipes';

/** The recipe id of the path, 404 when no such recipe exists. */
async function existingRecipeId(raw: string | undefined): Promise<number> {
  const id = pathParam(IdParam, raw, 'id');
  if (!(await recipeExists(getDb(), id))) throw notFound('Recipe not found.');
  return id;
}

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/recipes/:id/saved',
    handler: async (req, { params }) => {
      const recipeId = pathParam(IdParam, params.id, 'id');
      // Anonymous visitors simply have nothing saved (no 401: saved defaults to false).
      const user = await optionalUser(req);
      return json({ saved: user ? await isSaved(getDb(), user.id, recipeId) : false });
    },
  },
  {
    method: 'POST',
    path: '/api/recipes/:id/save',
    handler: async (req, { params }) => {
      const user = await requireUser(req, LOGIN_TO_SAVE);
      const recipeId = await existingRecipeId(params.id);
      await saveRecipe(getDb(), user.id, recipeId);
      return json({ saved: true });
    },
  },
  {
    method: 'DELETE',
    path: '/api/recipes/:id/save',
    handler: async (req, { params }) => {
      const user = await requireUser(req, LOGIN_TO_SAVE);
      const recipeId = await existingRecipeId(params.id);
      await unsaveRecipe(getDb(), user.id, recipeId);
      return json({ saved: false });
    },
  },
  {
    method: 'GET',
    path: '/api/user/saved-recipes',
    handler: async (req) => {
      const user = await requireUser(req);
      return json(await savedRecipes(getDb(), user.id));
    },
  },
]);
