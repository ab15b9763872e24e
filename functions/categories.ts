import { getDb } from '../db/client.ts';
import { json, notFound, type CachePolicy } from './_shared/http.ts';
import { pathParam, SlugParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { categoryBySlug, listCategories } from './_shared/services/categories.ts';

// Public category reads (SPEC §7 "Categories"). Writes arrive with the admin issue.

export const config: Config = {
  path: ['/api/categories', '/api/categories/:slug'],
  method: ['GET'],
};

const CATEGORIES_CACHE: CachePolicy = { kind: 'public', tags: ['categories'] };

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/categories',
    handler: async () => json(await listCategories(getDb()), { cache: CATEGORIES_CACHE }),
  },
  {
    method: 'GET',
    path: '/api/categories/:slug',
    handler: async (_req, { params }) => {
      const slug = pathParam(SlugParam, params.slug, 'slug');
      const category = await categoryBySlug(getDb(), slug);
      if (!category) throw notFound('Category not found.');
      return json(category, { cache: CATEGORIES_CACHE });
    },
  },
]);
