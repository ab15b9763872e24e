import * as v from 'valibot';
import { getDb, inOneTurn } from '../db/client.ts';
import { categoryTag } from './_shared/cache/areas.ts';
import { withResponseCache } from './_shared/cache/cached-response.ts';
import { areaPolicy, recipeListPolicy, recipePolicy } from './_shared/cache/policies.ts';
import { createWith, trashWith, updateWith } from './_shared/admin-routes.ts';
import { json, notFound, parseOrThrow, queryOf } from './_shared/http.ts';
import { IdParam, limitParam, OffsetParam, pathParam, SearchQuery, SlugParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  adminRecipeList,
  featuredRecipes,
  recipeById,
  recipeBySlug,
  recipesInCategory,
  relatedRecipes,
} from './_shared/services/recipe-reads.ts';
import { searchRecipes } from './_shared/services/recipe-search.ts';
import { createRecipe, deleteRecipe, updateRecipe } from './_shared/services/recipe-writes.ts';
import { relatedOf } from '../src/lib/schemas/recipe.ts';
import { FilterQueryEntries, filtersOf } from '../src/lib/recipe-filter-query.ts';

// Recipes: public reads, and the admin's writes (requireAdmin first, before
// the body is read, so a refused request changes nothing). Versions and the trash are in
// content-versions.ts.

export const config: Config = {
  path: [
    '/api/recipes',
    '/api/recipes/featured',
    '/api/recipes/search',
    '/api/recipes/slug/:slug',
    '/api/recipes/category/:category',
    '/api/recipes/related/:id',
    '/api/recipes/:id',
  ],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};

/** A recipe with 100 ingredients and 60 long steps stays well under this. */
const RECIPE_BODY_BYTES = 256 * 1024;

/**
 * `cursor`: the X-Next-Cursor header of the previous page (functions/_shared/list-cursor.ts): the
 * next page, read with an index seek however deep it is. `offset` pages as it always did.
 */
const CursorParam = v.optional(v.pipe(v.string(), v.minLength(1, 'Must not be empty')));
const oneWayOfPaging = <T extends { offset: number; cursor?: string | undefined }>() =>
  v.check<T, string>((q) => !(q.cursor && q.offset > 0), 'Page with offset or with cursor, not both');

/** The list (home, picker) and the admin table: search text, order and paging; the total in X-Total-Count. */
const PageQuery = v.pipe(
  v.object({
    limit: limitParam(20, 100),
    offset: OffsetParam,
    cursor: CursorParam,
    q: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text is limited to 100 characters')),
      '',
    ),
    sort: v.optional(
      v.picklist(['newest', 'updated', 'title', 'rating'], 'Sort by newest, updated, title or rating'),
      'newest',
    ),
  }),
  oneWayOfPaging(),
);
// Home's 'Load More' grows the limit by 8; offset or cursor page further.
const FeaturedQuery = v.pipe(
  v.object({ limit: limitParam(8, 200), offset: OffsetParam, cursor: CursorParam }),
  oneWayOfPaging(),
);
const CategoryQuery = v.pipe(
  v.object({ limit: limitParam(20, 200), offset: OffsetParam, cursor: CursorParam, ...FilterQueryEntries }),
  oneWayOfPaging(),
);

/** X-Next-Cursor and a Link rel="next" with the same limit, when the list goes on. */
function nextPageHeaders(url: URL, cursor: string | undefined): Record<string, string> {
  if (!cursor) return {};
  const next = new URL(url);
  next.searchParams.delete('offset');
  next.searchParams.set('cursor', cursor);
  return { 'X-Next-Cursor': cursor, Link: `<${next.pathname}${next.search}>; rel="next"` };
}
const RelatedQuery = v.object({ limit: limitParam(4, 12) });

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/recipes',
    handler: withResponseCache('recipes', async (_req, { url }) => {
      const query = parseOrThrow(PageQuery, queryOf(url), 'query');
      const { items, total, nextCursor } = await adminRecipeList(getDb(), query);
      return json(items, {
        cache: recipeListPolicy('recipes', items),
        headers: { 'X-Total-Count': String(total), ...nextPageHeaders(url, nextCursor) },
      });
    }),
  },
  { method: 'POST', path: '/api/recipes', handler: createWith(createRecipe, RECIPE_BODY_BYTES) },
  { method: 'PUT', path: '/api/recipes/:id', handler: updateWith(updateRecipe, RECIPE_BODY_BYTES) },
  { method: 'DELETE', path: '/api/recipes/:id', handler: trashWith(deleteRecipe) },
  {
    method: 'GET',
    path: '/api/recipes/featured',
    handler: withResponseCache('featured', async (_req, { url }) => {
      const page = parseOrThrow(FeaturedQuery, queryOf(url), 'query');
      const { items, nextCursor } = await featuredRecipes(getDb(), page);
      return json(items, {
        cache: recipeListPolicy('featured', items),
        headers: nextPageHeaders(url, nextCursor),
      });
    }),
  },
  {
    method: 'GET',
    path: '/api/recipes/search',
    handler: withResponseCache('search', async (_req, { url }) => {
      const query = parseOrThrow(SearchQuery, queryOf(url), 'query');
      const recipes = await inOneTurn(getDb(), (db) =>
        searchRecipes(db, { ...query, filters: filtersOf(query) }),
      );
      return json(recipes, { cache: recipeListPolicy('search', recipes) });
    }),
  },
  {
    method: 'GET',
    path: '/api/recipes/slug/:slug',
    handler: withResponseCache('recipes', async (_req, { params }) => {
      const slug = pathParam(SlugParam, params.slug, 'slug');
      const recipe = await recipeBySlug(getDb(), slug);
      if (!recipe) throw notFound('Recipe not found.');
      return json(recipe, { cache: recipePolicy(recipe) });
    }),
  },
  {
    method: 'GET',
    path: '/api/recipes/category/:category',
    handler: withResponseCache('recipes', async (_req, { params, url }) => {
      const category = pathParam(
        v.pipe(v.string(), v.minLength(1), v.maxLength(80)),
        params.category,
        'category',
      );
      const page = parseOrThrow(CategoryQuery, queryOf(url), 'query');
      const listed = await recipesInCategory(getDb(), category, page, filtersOf(page));
      if (!listed) throw notFound('Category not found.');
      return json(listed.items, {
        cache: areaPolicy('recipes', categoryTag(category)),
        headers: nextPageHeaders(url, listed.nextCursor),
      });
    }),
  },
  {
    method: 'GET',
    path: '/api/recipes/related/:id',
    handler: withResponseCache('recipes', async (_req, { params, url }) => {
      const id = pathParam(IdParam, params.id, 'id');
      const { limit } = parseOrThrow(RelatedQuery, queryOf(url), 'query');
      const recipe = await recipeById(getDb(), id);
      if (!recipe) throw notFound('Recipe not found.');
      const related = await relatedRecipes(getDb(), recipe, limit);
      return json(related.map(relatedOf), { cache: recipePolicy(recipe) });
    }),
  },
  {
    method: 'GET',
    path: '/api/recipes/:id',
    handler: withResponseCache('recipes', async (_req, { params }) => {
      const id = pathParam(IdParam, params.id, 'id');
      const recipe = await recipeById(getDb(), id);
      if (!recipe) throw notFound('Recipe not found.');
      return json(recipe, { cache: recipePolicy(recipe) });
    }),
  },
]);
