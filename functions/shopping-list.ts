import * as v from 'valibot';
import { getDb } from '../db/client.ts';
import {
  AddShoppingItemsInputSchema,
  CheckShoppingItemInputSchema,
} from '../src/lib/schemas/shopping-item.ts';
import { ApiError, json, notFound, parseOrThrow, queryOf, readJson } from './_shared/http.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config, type RouteContext } from './_shared/router.ts';
import { requireUser } from './_shared/session.ts';
import { addItems, clearItems, deleteItem, listItems, setChecked } from './_shared/services/shopping.ts';

// The shopping list, stored per user so it follows them across devices. Only the
// owner ever sees or changes an item: another user's item id answers 404, exactly like a
// missing one.

export const config: Config = {
  path: ['/api/shopping-list', '/api/shopping-list/items', '/api/shopping-list/items/:id'],
  method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
};

const LOGIN_FOR_LIST = 'Please log in to use the shopping list';
const ClearQuery = v.object({
  checked: v.optional(v.picklist(['true', 'false'], 'checked must be true or false'), 'false'),
});

/** PATCH and PUT of one item: check or uncheck it. */
const updateChecked = async (req: Request, { params }: RouteContext) => {
  const user = await requireUser(req, LOGIN_FOR_LIST);
  const id = pathParam(IdParam, params.id, 'id');
  const { checked } = await readJson(req, CheckShoppingItemInputSchema);
  const item = await setChecked(getDb(), user.id, id, checked);
  if (!item) throw notFound('Shopping list item not found.');
  return json(item);
};

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/shopping-list',
    handler: async (req) => {
      const user = await requireUser(req, LOGIN_FOR_LIST);
      return json(await listItems(getDb(), user.id));
    },
  },
  {
    method: 'DELETE',
    path: '/api/shopping-list',
    handler: async (req, { url }) => {
      const user = await requireUser(req, LOGIN_FOR_LIST);
      const { checked } = parseOrThrow(ClearQuery, queryOf(url), 'query');
      return json({ deleted: await clearItems(getDb(), user.id, checked === 'true') });
    },
  },
  {
    method: 'POST',
    path: '/api/shopping-list/items',
    handler: async (req) => {
      const user = await requireUser(req, LOGIN_FOR_LIST);
      const { items } = await readJson(req, AddShoppingItemsInputSchema);
      const outcome = await addItems(getDb(), user.id, items);
      if (outcome.kind === 'full') {
        throw new ApiError(
          409,
          `Your shopping list is full (${outcome.limit} items). Remove some items first.`,
        );
      }
      return json(outcome.items);
    },
  },
  { method: 'PATCH', path: '/api/shopping-list/items/:id', handler: updateChecked },
  { method: 'PUT', path: '/api/shopping-list/items/:id', handler: updateChecked },
  {
    method: 'DELETE',
    path: '/api/shopping-list/items/:id',
    handler: async (req, { params }) => {
      const user = await requireUser(req, LOGIN_FOR_LIST);
      const id = pathParam(IdParam, params.id, 'id');
      if (!(await deleteItem(getDb(), user.id, id))) throw notFound('Shopping list item not found.');
      return json({ success: true });
    },
  },
]);
