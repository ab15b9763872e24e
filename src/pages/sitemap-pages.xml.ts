import type { APIRoute } from 'astro';
import { pageSitemapEntries, urlsetResponse } from '../data/sitemap.ts';

// /sitemap-pages.xml: every indexable page that is not a recipe (src/data/sitemap.ts).

/** Pages other work adds; listed only when their route file exists in this build. */
const OPTIONAL_PAGES = import.meta.glob(['./search.astro', './kitchen-helper.astro', './plan.astro']);

export const GET: APIRoute = async ({ site }) =>
  urlsetResponse(
    await pageSitemapEntries(
      Object.keys(OPTIONAL_PAGES).map((file) => file.replace(/^\.(.*)\.astro$/, '$1')),
    ),
    site ?? new URL('http://localhost:8888'),
  );
