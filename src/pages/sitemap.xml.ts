import type { APIRoute } from 'astro';
import {
  blogCategories,
  blogPosts,
  categories as loadCategories,
  pages as loadPages,
  recipes as loadRecipes,
} from '../data/site-content.ts';
import { escapeHtml } from '../lib/html.ts';

// /sitemap.xml: every public, indexable page with its last change. Alternate addresses of the
// same content (/recipe-id/{id}, /recipe/{id}) and private screens are left out.

/** Pages other work adds; listed only when their route file exists in this build. */
const OPTIONAL_PAGES = import.meta.glob(['./search.astro', './kitchen-helper.astro']);

const newest = (dates: string[], fallback: string) => dates.reduce((a, b) => (b > a ? b : a), fallback);

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:8888');
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

  const entries: { path: string; lastmod: string }[] = [
    { path: '/', lastmod: latestRecipe },
    { path: '/recipes', lastmod: latestRecipe },
    { path: '/categories', lastmod: latestRecipe },
    ...Object.keys(OPTIONAL_PAGES).map((file) => ({
      path: file.replace(/^\.(.*)\.astro$/, '$1'),
      lastmod: buildDate,
    })),
    ...categories.map((c) => ({
      path: `/category/${c.slug}`,
      lastmod: newest(
        recipes.filter((r) => r.category === c.slug).map((r) => r.updatedAt),
        latestRecipe,
      ),
    })),
    ...recipes.map((r) => ({ path: `/recipe/${r.slug}`, lastmod: r.updatedAt })),
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

  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries
      .map(
        (e) =>
          `  <url><loc>${escapeHtml(new URL(e.path, origin).toString())}</loc><lastmod>${e.lastmod.slice(0, 10)}</lastmod></url>`,
      )
      .join('\n') +
    '\n</urlset>\n';
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
