import type { APIRoute } from 'astro';
import { sitemapIndexResponse } from '../data/sitemap.ts';

// /sitemap.xml: the sitemap index (src/data/sitemap.ts) naming /sitemap-pages.xml and the recipe
// files /sitemap-recipes-{n}.xml.

export const GET: APIRoute = ({ site }) => sitemapIndexResponse(site ?? new URL('http://localhost:8888'));
