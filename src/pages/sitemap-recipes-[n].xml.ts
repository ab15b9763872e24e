import type { APIRoute, GetStaticPaths } from 'astro';
import { recipeSitemapCount, recipeSitemapEntries, urlsetResponse } from '../data/sitemap.ts';

// /sitemap-recipes-{n}.xml: the recipe pages, at most SITEMAP_MAX_URLS a file (src/data/sitemap.ts).

export const getStaticPaths = (async () => {
  const count = await recipeSitemapCount();
  return Array.from({ length: count }, (_, i) => ({ params: { n: String(i + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) =>
  urlsetResponse(await recipeSitemapEntries(Number(params.n)), site ?? new URL('http://localhost:8888'));
