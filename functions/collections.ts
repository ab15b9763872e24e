import { getDb } from '../db/client.ts';
import {
  COLLECTION_LIMITS,
  CreateCollectionInputSchema,
  RenameCollectionInputSchema,
  ReorderCollectionsInputSchema,
} from '../src/lib/schemas/collection.ts';
import { ApiError, badRequest, json, notFound, readJson } from './_shared/http.ts';
import { notebookReader, notebookWriter } from './_shared/notebook-guard.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  addToCollection,
  collectionsHolding,
  collectionWithRecipes,
  createCollection,
  deleteCollection,
  listCollections,
  removeFromCollection,
  renameCollection,
  reorderCollections,
  type CollectionRefusal,
} from './_shared/services/collections.ts';

// A cook's collections of saved recipes. Only the owner ever sees or changes one: another cook's
// collection id answers 404, exactly like a missing one. Every answer is `private, no-store`.

export const config: Config = {
  path: [
    '/api/collections',
    '/api/collections/order',
    '/api/collections/:id',
    '/api/collections/:id/recipes/:recipeId',
    '/api/recipes/:id/collections',
  ],
  method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
};

const COLLECTION_NOT_FOUND = 'Collection not found.';

/** The refusal a person reads. */
function refusal(reason: CollectionRefusal): ApiError {
  switch (reason) {
    case 'full':
      return new ApiError(
        409,
        `You have ${COLLECTION_LIMITS.perUser} collections, the most one account can keep. Delete one first.`,
      );
    case 'duplicate':
      return new ApiError(409, 'You already have a collection with that name.');
    case 'missing':
      return notFound(COLLECTION_NOT_FOUND);
    case 'no-recipe':
      return notFound('Recipe not found.');
  }
}

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/collections',
    handler: async (req) => {
      const user = await notebookReader(req);
      return json(await listCollections(getDb(), user.id));
    },
  },
  {
    method: 'POST',
    path: '/api/collections',
    handler: async (req) => {
      const user = await notebookWriter(req);
      const { name, recipeId } = await readJson(req, CreateCollectionInputSchema);
      const outcome = await createCollection(getDb(), user.id, name, recipeId);
      if (typeof outcome === 'string') throw refusal(outcome);
      return json(outcome, { status: 201 });
    },
  },
  {
    method: 'PUT',
    path: '/api/collections/order',
    handler: async (req) => {
      const user = await notebookWriter(req);
      const { ids } = await readJson(req, ReorderCollectionsInputSchema);
      const outcome = await reorderCollections(getDb(), user.id, ids);
      if (outcome === 'mismatch') throw badRequest('The new order must list each of your collections once.');
      return json(outcome);
    },
  },
  {
    method: 'GET',
    path: '/api/collections/:id',
    handler: async (req, { params }) => {
      const user = await notebookReader(req);
      const found = await collectionWithRecipes(getDb(), user.id, pathParam(IdParam, params.id, 'id'));
      if (!found) throw notFound(COLLECTION_NOT_FOUND);
      return json(found);
    },
  },
  {
    method: 'PATCH',
    path: '/api/collections/:id',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const id = pathParam(IdParam, params.id, 'id');
      const { name } = await readJson(req, RenameCollectionInputSchema);
      const outcome = await renameCollection(getDb(), user.id, id, name);
      if (typeof outcome === 'string') throw refusal(outcome);
      return json(outcome);
    },
  },
  {
    method: 'DELETE',
    path: '/api/collections/:id',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      if (!(await deleteCollection(getDb(), user.id, pathParam(IdParam, params.id, 'id'))))
        throw notFound(COLLECTION_NOT_FOUND);
      return json({ success: true });
    },
  },
  {
    method: 'PUT',
    path: '/api/collections/:id/recipes/:recipeId',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const id = pathParam(IdParam, params.id, 'id');
      const recipeId = pathParam(IdParam, params.recipeId, 'recipeId');
      const outcome = await addToCollection(getDb(), user.id, id, recipeId);
      if (outcome !== 'added') throw refusal(outcome);
      return json({ collectionIds: await collectionsHolding(getDb(), user.id, recipeId) });
    },
  },
  {
    method: 'DELETE',
    path: '/api/collections/:id/recipes/:recipeId',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const id = pathParam(IdParam, params.id, 'id');
      const recipeId = pathParam(IdParam, params.recipeId, 'recipeId');
      if (!(await removeFromCollection(getDb(), user.id, id, recipeId))) throw refusal('missing');
      return json({ collectionIds: await collectionsHolding(getDb(), user.id, recipeId) });
    },
  },
  {
    method: 'GET',
    path: '/api/recipes/:id/collections',
    handler: async (req, { params }) => {
      const user = await notebookReader(req);
      const recipeId = pathParam(IdParam, params.id, 'id');
      return json({ collectionIds: await collectionsHolding(getDb(), user.id, recipeId) });
    },
  },
]);
