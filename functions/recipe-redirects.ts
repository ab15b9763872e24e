import { getDb } from '../db/client.ts';
import { recipePolicy } from './_shared/cache/policies.ts';
import { redirect } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { recipeRef } from './_shared/services/recipe-reads.ts';

// The id forms of a recipe's address (/recipe-id/{id}, /recipe-id/{id}/cook, and an id
// in the /recipe/{slug} form) answered by a 301 to the canonical slug address, so the build makes
// no page per recipe for them. `preferStatic`: a built page always wins, so under
// /recipe/ this runs only for addresses no page was built for; the local server does the same
// (scripts/serve.ts). The CDN keeps each answer, tagged with the recipe, until a publish purges it.

export const config: Config = {
  path: ['/recipe-id/:id', '/recipe-id/:id/cook', '/recipe/:id'],
  method: ['GET'],
  preferStatic: true,
};

/** The recipe an id names, if the segment is a plain positive integer. */
async function recipeOfSegment(segment: string) {
  if (!/^[1-9]\d{0,9}$/.test(segment) || Number(segment) > 2_147_483_647) return undefined;
  return recipeRef(getDb(), Number(segment));
}

/**
 * The site's 404 page for anything else: it shows a recipe created after the last build (it asks
 * the API by the address) or says the recipe was not found.
 */
async function notFoundPage(url: URL): Promise<Response> {
  let body = 'Not found';
  let type = 'text/plain; charset=utf-8';
  try {
    const page = await fetch(new URL('/404.html', url.origin), { redirect: 'error' });
    if (page.ok) {
      body = await page.text();
      type = 'text/html; charset=utf-8';
    }
  } catch {
    // The plain answer will do.
  }
  return new Response(body, {
    status: 404,
    headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
}

const toSlug =
  (suffix: string) => async (_req: Request, ctx: { params: Record<string, string>; url: URL }) => {
    const recipe = await recipeOfSegment(ctx.params.id ?? '');
    if (!recipe) return notFoundPage(ctx.url);
    return redirect(`/recipe/${encodeURIComponent(recipe.slug)}${suffix}`, { cache: recipePolicy(recipe) });
  };

export default defineRoutes([
  { method: 'GET', path: '/recipe-id/:id', handler: toSlug('') },
  { method: 'GET', path: '/recipe-id/:id/cook', handler: toSlug('/cook') },
  { method: 'GET', path: '/recipe/:id', handler: toSlug('') },
]);
