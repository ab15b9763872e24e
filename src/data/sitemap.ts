import { escapeHtml } from '../lib/html.ts';
import {
  blogCategories,
  blogPosts,
  categories as loadCategories,
  pages as loadPages,
  recipes as loadRecipes,
  recipesInCategory,
} from './site-content.ts';

// The sitemap as an index (issue 15): /sitemap.xml lists /sitemap-pages.xml (everything but the
// recipes) and /sitemap-recipes-{n}.xml, the recipes in files of at most SITEMAP_MAX_URLS URLs
// (the protocol's limit is 50,000 URLs and 50 MB a file; a URL line here is ~120 bytes).
// Alternate addresses of the same content (/recipe-id/{id}, /recipe/{id} are 301s) and private
// screens are left out.

export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod: string;
}

const newest = (dates: string[], fallback: string) => dates.reduce((a, b) => (b > a ? b : a), fallback);

/** How many recipe sitemap files the catalogue needs (none for an empty one). */
export async function recipeSitemapCount(): Promise<number> {
  return Math.ceil((await loadRecipes()).length / SITEMAP_MAX_URLS);
}

/** The recipe pages of sitemap file `n` (1-based), oldest first so a file's list rarely shifts. */
export async function recipeSitemapEntries(n: number): Promise<SitemapEntry[]> {
  const newestFirst = await loadRecipes();
  const end = newestFirst.length - (n - 1) * SITEMAP_MAX_URLS;
  const start = Math.max(0, end - SITEMAP_MAX_URLS);
  return newestFirst
    .slice(start, Math.max(0, end))
    .reverse()
    .map((r) => ({ path: `/recipe/${r.slug}`, lastmod: r.updatedAt }));
}

/** Every other indexable page: listings, categories, static pages, the blog. */
export async function pageSitemapEntries(optionalPaths: string[]): Promise<SitemapEntry[]> {
  const [recipes, categories, pages, posts, postCategories] = await Promise.all([
    loadRecipes(),
    loadCategories(),
    loadPages(),
    blogPosts(),
    blogCategories(),
  ]);
  const buildDate = new Date().toISOString();
  const latestRecipe = newest(
    recipes.map((r) => r.updatedAt),
    recipes[0]?.updatedAt ?? buildDate,
  );
  const latestPost = newest(
    posts.map((p) => p.updatedAt),
    posts[0]?.updatedAt ?? buildDate,
  );
  const categoryEntries = await Promise.all(
    categories.map(async (c) => ({
      path: `/category/${c.slug}`,
      lastmod: newest(
        (await recipesInCategory(c.slug)).map((r) => r.updatedAt),
        latestRecipe,
      ),
    })),
  );
  return [
    { path: '/', lastmod: latestRecipe },
    { path: '/recipes', lastmod: latestRecipe },
    { path: '/categories', lastmod: latestRecipe },
    ...optionalPaths.map((path) => ({ path, lastmod: buildDate })),
    ...categoryEntries,
    ...pages.map((p) => ({ path: `/${p.slug}`, lastmod: p.updatedAt })),
    { path: '/blog', lastmod: latestPost },
    ...postCategories.map((c) => ({
      path: `/blog/category/${c.slug}`,
      lastmod: newest(
        posts.filter((p) => p.category?.slug === c.slug).map((p) => p.updatedAt),
        latestPost,
      ),
    })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })),
  ];
}

const XML = { headers: { 'Content-Type': 'application/xml; charset=utf-8' } };

/** A <urlset> file. */
export function urlsetResponse(entries: SitemapEntry[], origin: URL): Response {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries
      .map(
        (e) =>
          `  <url><loc>${escapeHtml(new URL(e.path, origin).toString())}</loc><lastmod>${e.lastmod.slice(0, 10)}</lastmod></url>`,
      )
      .join('\n') +
    '\n</urlset>\n';
  return new Response(body, XML);
}

/** The <sitemapindex> of /sitemap.xml. */
export async function sitemapIndexResponse(origin: URL): Promise<Response> {
  const recipes = await loadRecipes();
  const latest = newest(
    recipes.map((r) => r.updatedAt),
    new Date().toISOString(),
  );
  const files = ['/sitemap-pages.xml'];
  for (let n = 1; n <= (await recipeSitemapCount()); n++) files.push(`/sitemap-recipes-${n}.xml`);
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (f) =>
          `  <sitemap><loc>${escapeHtml(new URL(f, origin).toString())}</loc><lastmod>${latest.slice(0, 10)}</lastmod></sitemap>`,
      )
      .join('\n') +
    '\n</sitemapindex>\n';
  return new Response(body, XML);
}
