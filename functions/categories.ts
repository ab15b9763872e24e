import { getDb } from '../db/client.ts';
import { categoryTag } from './_shared/cache/areas.ts';
import { withResponseCache } from './_shared/cache/cached-response.ts';
import { areaPolicy } from './_shared/cache/policies.ts';
import { createWith, trashWith, updateWith } from './_shared/admin-routes.ts';
import { json, notFound } from './_shared/http.ts';
import { pathParam, SlugParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  categoryBySlug,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './_shared/services/categories.ts';

// Categories: public reads by slug; the admin's writes by id.

export const config: Config = {
  path: ['/api/categories', '/api/categories/:slug', '/api/categories/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/categories',
    // The list shows each category's recipe count: a recipe write in any of them clears it.
    handler: withResponseCache('categories', async () => {
      const categories = await listCategories(getDb());
      return json(categories, {
        cache: areaPolicy('categories', ...categories.map((c) => categoryTag(c.slug))),
      });
    }),
  },
  {
    method: 'GET',
    path: '/api/categories/:slug',
    handler: withResponseCache('categories', async (_req, { params }) => {
      const slug = pathParam(SlugParam, params.slug, 'slug');
      const category = await categoryBySlug(getDb(), slug);
      if (!category) throw notFound('Category not found.');
      return json(category, { cache: areaPolicy('categories', categoryTag(category.slug)) });
    }),
  },
  { method: 'POST', path: '/api/categories', handler: createWith(createCategory) },
  { method: 'PUT', path: '/api/categories/:id', handler: updateWith(updateCategory) },
  { method: 'DELETE', path: '/api/categories/:id', handler: trashWith(deleteCategory) },
]);
