import { escapeHtml } from '../lib/html.ts';
import { pagePath } from '../lib/pagination.ts';
import {
  blogListPages,
  blogPosts,
  categoryPages,
  pages as loadPages,
  recipes as loadRecipes,
} from './site-content.ts';

// The sitemap as an index: /sitemap.xml lists /sitemap-pages.xml (everything but the
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
  const [recipes, categoryListPages, pages, posts, blogPages] = await Promise.all([
    loadRecipes(),
    categoryPages(),
    loadPages(),
    blogPosts(),
    blogListPages(),
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
  // Every numbered page of a list (src/lib/pagination.ts). A page changes when an item on it or
  // before it changes (a new recipe on page 1 moves one from each page to the next), so it is
  // dated by the newest change up to its last item; an empty list by the newest change of all.
  const listEntries = (
    lists: { page: { base: string; current: number }; items: { updatedAt: string }[] }[],
    fallback: string,
  ) => {
    const upTo = new Map<string, string>();
    return lists.map(({ page, items }) => {
      const lastmod = newest(
        items.map((i) => i.updatedAt),
        upTo.get(page.base) ?? items[0]?.updatedAt ?? fallback,
      );
      upTo.set(page.base, lastmod);
      return { path: pagePath(page.base, page.current), lastmod };
    });
  };
  const categoryEntries = listEntries(
    categoryListPages.map((p) => ({ page: p.page, items: p.recipes })),
    latestRecipe,
  );
  const blogEntries = listEntries(
    blogPages.map((p) => ({ page: p.page, items: p.posts })),
    latestPost,
  );
  return [
    { path: '/', lastmod: latestRecipe },
    { path: '/recipes', lastmod: latestRecipe },
    { path: '/categories', lastmod: latestRecipe },
    ...optionalPaths.map((path) => ({ path, lastmod: buildDate })),
    ...categoryEntries,
    ...pages.map((p) => ({ path: `/${p.slug}`, lastmod: p.updatedAt })),
    ...blogEntries,
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
