import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Category } from '../../src/lib/schemas/category.ts';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import {
  builtPages,
  canonicalOf,
  isNoindex,
  isRedirectStub,
  metaContent,
  titleOf,
  currentBuildDir,
} from './built-site.ts';

// Every public route type answers with its key content, as a visitor without script
// would get it from the server.

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();

async function get(path: string): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

let recipes: Recipe[] = [];
let categories: Category[] = [];
let grouped: Recipe;
let plain: Recipe;

beforeAll(async () => {
  recipes = [
    ...(await api<Recipe[]>('/api/recipes?limit=100')),
    ...(await api<Recipe[]>('/api/recipes?limit=100&offset=100')),
  ];
  categories = await api<Category[]>('/api/categories');
  grouped = recipes.find((r) => !Array.isArray(r.ingredients)) ?? recipes[0]!;
  plain = recipes.find((r) => Array.isArray(r.ingredients) && r.reviewCount > 0) ?? recipes[0]!;
});

describe('listing pages', () => {
  it.each(['/', '/recipes'])(
    '%s has the hero search, popular links, filter bar and the first 8 cards',
    async (path) => {
      const { status, html } = await get(path);
      expect(status).toBe(200);
      expect(html).toContain('placeholder="Search recipes, ingredients, or cuisines..."');
      // Without script the box goes to the search results function; site-chrome.ts points it at /search.
      expect(html).toMatch(
        /<form action="\/search\/results" data-script-action="\/search" method="get" role="search"/,
      );
      for (const href of [
        '/search?q=pasta',
        '/search?q=chicken',
        '/search?q=vegetarian',
        '/category/desserts',
        '/search?q=quick',
      ]) {
        expect(html).toContain(`href="${href}"`);
      }
      expect(html).toContain('>All Recipes</a>');
      for (const c of categories) expect(html).toContain(`data-filter="${c.slug}"`);
      expect(html).toMatch(/<h2 id="recipe-grid-title"[^>]*>All Recipes<\/h2>/);
      expect(html.match(/data-recipe-card /g)).toHaveLength(8);
      // The in-feed ad slot sits after the fourth card.
      const afterFourth = html.split('data-recipe-card ').slice(0, 5).join('');
      expect(afterFourth).toContain('data-ad-slot="in-feed"');
      expect(html).toContain('Load More Recipes');
    },
  );

  it('/categories lists every category with a link, and redirects ?category= in the browser', async () => {
    const { status, html } = await get('/categories');
    expect(status).toBe(200);
    expect(html).toContain('Recipe Categories');
    for (const c of categories) expect(html).toContain(`href="/category/${c.slug}"`);
    expect(html).toContain("new URLSearchParams(location.search).get('category')");
  });

  it('each /category/{slug} has its title, description, back link, cards and ItemList', async () => {
    for (const c of categories) {
      const { status, html } = await get(`/category/${c.slug}`);
      expect(status, c.slug).toBe(200);
      expect(html).toMatch(
        new RegExp(`<h1[^>]*>${c.name.replace(/&/g, '&amp;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
      );
      expect(html).toContain(c.description.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
      expect(html).toContain('href="/categories"');
      const count = recipes.filter((r) => r.category === c.slug).length;
      expect(html.match(/data-recipe-card /g) ?? [], c.slug).toHaveLength(Math.min(count, 24));
      if (count === 0) expect(html).toContain('No recipes found in this category');
    }
  });
});

describe('recipe pages', () => {
  it('/recipe/{slug} has hero, stats, cooking link, ads, ingredients, steps, nutrition, tags, reviews, related, newsletter and breadcrumbs', async () => {
    const { status, html } = await get(`/recipe/${plain.slug}`);
    expect(status).toBe(200);
    expect(html).toContain(`alt="${plain.title.replace(/&/g, '&amp;')}"`);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('href="/" class="inline-flex');
    for (const label of ['Prep Time', 'Cook Time', 'Servings', 'Calories'])
      expect(html).toContain(`>${label}</dt>`);
    expect(html).toContain(`href="/recipe/${plain.slug}/cook"`);
    expect(html).toContain('Start Cooking Mode');
    for (const slot of ['recipe-top', 'recipe-middle', 'recipe-bottom'])
      expect(html).toContain(`<div data-ad-slot="${slot}" hidden></div>`);
    expect(html).toMatch(/<section aria-labelledby="ingredients-title"[\s\S]*?<input type="checkbox"\/?>/);
    const steps = html.match(/<li id="step-\d+"/g) ?? [];
    expect(steps.length).toBeGreaterThan(1);
    expect(html).toContain('id="nutrition-title"');
    for (const tag of plain.tags.slice(0, 2))
      expect(html).toContain(`href="/search?q=${encodeURIComponent(tag)}"`);
    expect(html).toContain(
      `aria-label="Rated ${(plain.rating / 10).toFixed(1)} out of 5 from ${plain.reviewCount}`,
    );
    expect(html).toMatch(/<section id="reviews"/);
    expect(html).toMatch(/<div id="recipe-actions"[^>]*data-recipe-id="\d+"/);
    const related = html.slice(html.indexOf('id="related-title"'));
    expect((related.match(/data-recipe-card /g) ?? []).length).toBeLessThanOrEqual(4);
    expect(related).toContain('data-recipe-card ');
    expect(html).toContain('data-newsletter-form');
    expect(html).toContain('<nav aria-label="Breadcrumb"');
    // Print and share are in the prebuilt page (their islands hydrate them); the signed-in
    // buttons appear only once the session is known, so no dead button is ever in the HTML.
    expect(html).toMatch(/>\s*Print Recipe\s*</);
    expect(html).toMatch(/>\s*Share\s*</);
    expect(html).not.toMatch(/>\s*(Save Recipe|Shopping List|Track Calories)\s*</);
  });

  it('keeps ingredient sections of grouped recipes', async () => {
    const { html } = await get(`/recipe/${grouped.slug}`);
    const sections = Object.keys(grouped.ingredients as Record<string, unknown>);
    expect(sections.length).toBeGreaterThan(1);
    for (const name of sections)
      expect(html).toContain(`>${name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</h3>`);
  });

  it.each([
    ['/recipe-id/{id}', (r: Recipe) => `/recipe-id/${r.id}`, (r: Recipe) => `/recipe/${r.slug}`],
    [
      '/recipe-id/{id}/cook',
      (r: Recipe) => `/recipe-id/${r.id}/cook`,
      (r: Recipe) => `/recipe/${r.slug}/cook`,
    ],
    ['/recipe/{id}', (r: Recipe) => `/recipe/${r.id}`, (r: Recipe) => `/recipe/${r.slug}`],
  ])('%s redirects permanently to the slug address (no page of its own)', async (_label, from, to) => {
    const { status, location } = await get(from(plain));
    expect(status).toBe(301);
    expect(location).toBe(to(plain));
    const target = await get(location ?? '');
    expect(target.status).toBe(200);
  });

  it('builds two pages per recipe: /recipe/{slug} and its cooking mode', () => {
    const paths = new Set(builtPages(buildDir).map((p) => p.path));
    const recipePages = [...paths].filter((p) => p.startsWith('/recipe/') || p.startsWith('/recipe-id/'));
    expect(recipePages.length).toBe(2 * recipes.length);
    for (const r of recipes) {
      expect(paths.has(`/recipe/${r.slug}`), r.slug).toBe(true);
      expect(paths.has(`/recipe/${r.slug}/cook`), r.slug).toBe(true);
    }
  });
});

describe('redirects and not found', () => {
  it.each([
    ['/recipes/{slug}', () => `/recipes/${plain.slug}`, () => `/recipe/${plain.slug}`],
    ['/privacy', () => '/privacy', () => '/privacy-policy'],
    ['/terms', () => '/terms', () => '/terms-of-service'],
  ])('%s redirects permanently', async (_label, from, to) => {
    const { status, location } = await get(from());
    expect(status).toBe(301);
    expect(location).toBe(to());
  });

  it.each([
    '/no/such/page',
    '/recipe/no-such-recipe-here',
    '/recipe/999999',
    '/recipe-id/999999',
    '/category/no-such-category',
  ])('%s is a 404 with the not-found screen', async (path) => {
    const { status, html } = await get(path);
    expect(status).toBe(404);
    expect(html).toContain('Page Not Found');
    expect(html).toContain("The recipe you're looking for doesn't exist or has been removed.");
    expect(isNoindex(html)).toBe(true);
  });
});

describe('static pages and blog', () => {
  it.each(['/privacy-policy', '/terms-of-service', '/about-us', '/contact-us'])(
    '%s has its title, description, Last updated and filled placeholders',
    async (path) => {
      const { status, html } = await get(path);
      expect(status).toBe(200);
      expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(metaContent(html, 'description')?.length).toBeGreaterThan(20);
      expect(html).toContain('Last updated: <time data-today');
      expect(html).not.toContain('{contactEmail}');
      expect(html).not.toContain('{email}');
    },
  );

  it('the contact page shows the contact email from the settings', async () => {
    const settings = await api<{ contactEmail: string }>('/api/settings').catch(() => undefined);
    const { html } = await get('/contact-us');
    if (settings) expect(html).toContain(settings.contactEmail);
    expect(html).toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });

  it('the blog lists published posts, each post and each blog category has a page', async () => {
    const pages = builtPages(buildDir);
    const posts = pages.filter((p) => /^\/blog\/(?!category\/)[^/]+$/.test(p.path));
    expect(posts.length).toBeGreaterThan(0);
    // The blog is paged (12 posts a page): every post is linked from one of its pages.
    const blogPages = pages.filter((p) => p.path === '/blog' || /^\/blog\/page\/\d+$/.test(p.path));
    expect(blogPages.length).toBeGreaterThan(0);
    let html = '';
    for (const p of blogPages) {
      const page = await get(p.path);
      expect(page.status, p.path).toBe(200);
      html += page.html;
    }
    for (const post of posts) {
      expect(html).toContain(`href="${post.path}"`);
      const page = await get(post.path);
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<div class="prose-body[^"]*">\s*<(p|h2)/);
    }
    const categoryPages = pages.filter((p) => p.path.startsWith('/blog/category/'));
    expect(categoryPages.length).toBeGreaterThan(0);
    for (const c of categoryPages) expect((await get(c.path)).status).toBe(200);
  });
});

describe('head tags on every page', () => {
  it('each indexable page has a unique title and description, a canonical URL, Open Graph and Twitter tags', () => {
    // Cooking mode (/recipe/{slug}/cook) has its own full-screen layout from another issue.
    const pages = builtPages(buildDir).filter((p) => !isRedirectStub(p.html) && !p.path.endsWith('/cook'));
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const page of pages) {
      const title = titleOf(page.html);
      const description = metaContent(page.html, 'description');
      expect(title, page.path).toBeTruthy();
      expect(description, page.path).toBeTruthy();
      expect(canonicalOf(page.html), page.path).toMatch(/^https?:\/\//);
      for (const key of [
        'og:title',
        'og:description',
        'og:url',
        'og:image',
        'og:type',
        'twitter:card',
        'twitter:title',
        'twitter:image',
      ]) {
        expect(metaContent(page.html, key), `${page.path} ${key}`).toBeTruthy();
      }
      const own = canonicalOf(page.html) === new URL(page.path, baseUrl).toString();
      if (!own || isNoindex(page.html)) continue;
      expect(
        titles.get(title ?? ''),
        `${page.path} repeats the title of ${titles.get(title ?? '')}`,
      ).toBeUndefined();
      expect(
        descriptions.get(description ?? ''),
        `${page.path} repeats the description of ${descriptions.get(description ?? '')}`,
      ).toBeUndefined();
      titles.set(title ?? '', page.path);
      descriptions.set(description ?? '', page.path);
    }
  });

  it.each([
    ['/', 'Home'],
    ['/recipes', 'Recipes'],
    ['/categories', 'Categories'],
    ['/about-us', 'About Us'],
  ])('on %s the header marks only %s as the current page', async (path, label) => {
    const { html } = await get(path);
    const header = html.slice(
      html.indexOf('<nav aria-label="Main"'),
      html.indexOf('</nav>', html.indexOf('<nav aria-label="Main"')),
    );
    const current = [...header.matchAll(/aria-current="page"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(current).toEqual([label]);
  });

  it('the footer has quick links, company links, social links and the copyright line', async () => {
    const { html } = await get('/');
    const footer = html.slice(html.indexOf('<footer'));
    for (const label of [
      'Quick Links',
      'Company',
      'Follow Us',
      'Facebook',
      'Twitter',
      'Instagram',
      'YouTube',
      'Kitchen Helper',
      'Privacy Policy',
      'Terms of Service',
    ]) {
      expect(footer).toContain(label);
    }
    expect(footer).toMatch(/©/);
  });

  it('robots.txt points to the sitemap and keeps crawlers off the API', async () => {
    const { status, html } = await get('/robots.txt');
    expect(status).toBe(200);
    expect(html).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    expect(html).toContain('Disallow: /api/');
  });
});
