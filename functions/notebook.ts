import { getDb } from '../db/client.ts';
import { CookedInputSchema, NOTEBOOK_LIMITS, NoteInputSchema } from '../src/lib/schemas/recipe-notebook.ts';
import { ApiError, json, notFound, readJson } from './_shared/http.ts';
import { notebookReader, notebookWriter } from './_shared/notebook-guard.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  cookedSummary,
  deleteCooking,
  logCooking,
  readNote,
  recentCooking,
  writeNote,
} from './_shared/services/recipe-notebook.ts';
import { existingRecipeId } from './_shared/recipe-param.ts';

// A cook's private note on a recipe and their "I cooked this" log. Signed-in only; every answer
// is `private, no-store`, and another cook's log entry answers 404 like a missing one.

export const config: Config = {
  path: [
    '/api/recipes/:id/notebook',
    '/api/recipes/:id/note',
    '/api/recipes/:id/cooked',
    '/api/cooked/:id',
    '/api/user/cooking',
  ],
  method: ['GET', 'PUT', 'POST', 'DELETE'],
};

/** How many log lines the account area shows. */
const RECENT_COOKING = 20;

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/recipes/:id/notebook',
    handler: async (req, { params }) => {
      const user = await notebookReader(req);
      const recipeId = await existingRecipeId(params.id);
      const db = getDb();
      return json({
        note: await readNote(db, user.id, recipeId),
        cooked: await cookedSummary(db, user.id, recipeId),
      });
    },
  },
  {
    method: 'PUT',
    path: '/api/recipes/:id/note',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const recipeId = await existingRecipeId(params.id);
      const { body } = await readJson(req, NoteInputSchema);
      return json({ note: await writeNote(getDb(), user.id, recipeId, body) });
    },
  },
  {
    method: 'POST',
    path: '/api/recipes/:id/cooked',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const recipeId = await existingRecipeId(params.id);
      const { cookedOn, servings } = await readJson(req, CookedInputSchema);
      const logged = await logCooking(getDb(), user.id, recipeId, cookedOn, servings);
      if (logged === 'full') {
        throw new ApiError(
          409,
          `Your cooking log is full (${NOTEBOOK_LIMITS.cookingLogPerUser.toLocaleString('en')} entries). Remove some old entries first.`,
        );
      }
      return json(
        { id: logged.id, cooked: await cookedSummary(getDb(), user.id, recipeId) },
        { status: 201 },
      );
    },
  },
  {
    method: 'DELETE',
    path: '/api/cooked/:id',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const recipeId = await deleteCooking(getDb(), user.id, pathParam(IdParam, params.id, 'id'));
      if (recipeId === undefined) throw notFound('Cooking log entry not found.');
      return json({ cooked: await cookedSummary(getDb(), user.id, recipeId) });
    },
  },
  {
    method: 'GET',
    path: '/api/user/cooking',
    handler: async (req) => {
      const user = await notebookReader(req);
      return json(await recentCooking(getDb(), user.id, RECENT_COOKING));
    },
  },
]);
