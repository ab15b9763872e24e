import { getDb } from '../db/client.ts';
import { json } from './_shared/http.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config, type RouteContext } from './_shared/router.ts';
import { optionalUser, requireUser } from './_shared/session.ts';
import { existingRecipeId } from './_shared/recipe-param.ts';
import { isSaved, saveRecipe, savedRecipes, unsaveRecipe } from './_shared/services/saved.ts';

// Saved recipes. Saving and unsaving are idempotent: the answer is the new state.
// Everything is per user, so every answer is `private, no-store`.

export const config: Config = {
  path: ['/api/recipes/:id/saved', '/api/recipes/:id/save', '/api/user/saved-recipes'],
  method: ['GET', 'POST', 'DELETE'],
};

const LOGIN_TO_SAVE = 'Please log in to save recipes';

/** POST/DELETE …/save: the recipe saved or not, idempotently; the answer is the new state. */
function setSaved(saved: boolean) {
  return async (req: Request, { params }: RouteContext) => {
    const user = await requireUser(req, LOGIN_TO_SAVE);
    const recipeId = await existingRecipeId(params.id);
    await (saved ? saveRecipe : unsaveRecipe)(getDb(), user.id, recipeId);
    return json({ saved });
  };
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
  { method: 'POST', path: '/api/recipes/:id/save', handler: setSaved(true) },
  { method: 'DELETE', path: '/api/recipes/:id/save', handler: setSaved(false) },
  {
    method: 'GET',
    path: '/api/user/saved-recipes',
    handler: async (req) => {
      const user = await requireUser(req);
      return json(await savedRecipes(getDb(), user.id));
    },
  },
]);
