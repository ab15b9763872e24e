import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Category } from '../../src/lib/schemas/category.ts';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import {
  builtPages,
  canonicalOf,
  currentBuildDir,
  headOf,
  jsonLdOf,
  metaContent,
  titleOf,
} from './built-site.ts';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// Paged lists: /category/{slug} and /blog (and each blog category) hold one
// page each, 24 recipes or 12 posts; /…/page/{n} holds the rest. The test server adds 30 main
// courses and 11 technique posts (tests/helpers/paging-fixtures.ts), so those lists have more
// than one page.

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();
const pages = builtPages(buildDir);
const byPath = new Map(pages.map((p) => [p.path, p]));
const CATEGORY_PAGE = 24;
const BLOG_PAGE = 12;

async function get(path: string): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const pagePath = (base: string, n: number) => (n === 1 ? base : `${base}/page/${n}`);
const linkOf = (html: string, rel: 'prev' | 'next') =>
  headOf(html).match(new RegExp(`<link rel="${rel}" href="([^"]+)"`))?.[1];
/** The recipe links of a page's cards, in order. */
const cardSlugs = (html: string) =>
  [...html.matchAll(/data-recipe-card [^>]*data-recipe-slug="([^"]+)"/g)].map((m) => m[1]);
/** The pagination bar: its links' text and whether each is the current page. */
function paginationOf(html: string) {
  const nav = html.match(/<nav aria-label="Pages of [^"]+"[^>]*data-pagination[^>]*>([\s\S]*?)<\/nav>/)?.[1];
  if (nav === undefined) return undefined;
  return {
    current: nav.match(/aria-current="page"[^>]*>(?:<span class="sr-only">Page <\/span>)?\s*(\d+)/)?.[1],
    prev: nav.match(/<a href="([^"]+)" rel="prev"/)?.[1],
    next: nav.match(/<a href="([^"]+)" rel="next"/)?.[1],
  };
}

/** Every recipe of a category, newest first, as the API lists it. */
async function categoryRecipes(slug: string): Promise<Recipe[]> {
  return api<Recipe[]>(`/api/recipes/category/${slug}?limit=200`);
}

describe('category pages', () => {
  let categories: Category[] = [];
  beforeAll(async () => {
    categories = await api<Category[]>('/api/categories');
  });

  it('the test data gives Main Course three pages (50 recipes), the others one', async () => {
    expect((await categoryRecipes('main-course')).length).toBe(50);
  });

  it('each category has ceil(n / 24) pages of its recipes newest first, and no /page/1', async () => {
    for (const c of categories) {
      const recipes = await categoryRecipes(c.slug);
      const count = Math.max(1, Math.ceil(recipes.length / CATEGORY_PAGE));
      const built = pages
        .filter((p) => p.path === `/category/${c.slug}` || p.path.startsWith(`/category/${c.slug}/`))
        .map((p) => p.path)
        .sort();
      expect(built, c.slug).toEqual(
        Array.from({ length: count }, (_, i) => pagePath(`/category/${c.slug}`, i + 1)).sort(),
      );
      for (let n = 1; n <= count; n++) {
        const page = byPath.get(pagePath(`/category/${c.slug}`, n));
        const expected = recipes.slice((n - 1) * CATEGORY_PAGE, n * CATEGORY_PAGE).map((r) => r.slug);
        expect(cardSlugs(page?.html ?? ''), `${c.slug} page ${n}`).toEqual(expected);
      }
    }
  });

  it.each([1, 2, 3])('Main Course page %i: canonical, rel prev/next, title, description, bar', async (n) => {
    const base = '/category/main-course';
    const { status, html } = await get(pagePath(base, n));
    expect(status).toBe(200);
    expect(canonicalOf(html)).toBe(`${baseUrl}${pagePath(base, n)}`);
    expect(linkOf(html, 'prev')).toBe(n > 1 ? `${baseUrl}${pagePath(base, n - 1)}` : undefined);
    expect(linkOf(html, 'next')).toBe(n < 3 ? `${baseUrl}${pagePath(base, n + 1)}` : undefined);
    expect(titleOf(html)).toBe(
      n > 1 ? `Main Course Recipes – Page ${n} | Forkful` : 'Main Course Recipes | Forkful',
    );
    const description = metaContent(html, 'description') ?? '';
    if (n > 1) expect(description).toMatch(new RegExp(`Page ${n} of 3\\.$`));
    else expect(description).not.toMatch(/Page \d/);
    expect(paginationOf(html)).toEqual({
      current: String(n),
      prev: n > 1 ? pagePath(base, n - 1) : undefined,
      next: n < 3 ? pagePath(base, n + 1) : undefined,
    });
    // The count says which recipes these are; no 'Load More' on a numbered page.
    const first = (n - 1) * CATEGORY_PAGE + 1;
    expect(html).toContain(`${first}–${Math.min(50, n * CATEGORY_PAGE)} of 50 recipes`);
    expect(html).not.toContain('data-load-more');
  });

  it('each page carries an ItemList of its own recipes, positions going on from the page before', async () => {
    const recipes = await categoryRecipes('main-course');
    for (const n of [1, 2, 3]) {
      const html = byPath.get(pagePath('/category/main-course', n))?.html ?? '';
      const list = jsonLdOf(html).find((l) => l['@type'] === 'ItemList') as {
        url: string;
        itemListElement: { position: number; url: string }[];
      };
      const shown = recipes.slice((n - 1) * CATEGORY_PAGE, n * CATEGORY_PAGE);
      expect(list.url).toBe(`${baseUrl}${pagePath('/category/main-course', n)}`);
      expect(list.itemListElement).toEqual(
        shown.map((r, i) => ({
          '@type': 'ListItem',
          position: (n - 1) * CATEGORY_PAGE + i + 1,
          url: `${baseUrl}/recipe/${r.slug}`,
        })),
      );
    }
  });

  it('a one-page category has no bar and no rel=prev/next; an empty page keeps its empty-state text', async () => {
    const { html } = await get('/category/desserts');
    expect(paginationOf(html)).toBeUndefined();
    expect(linkOf(html, 'prev')).toBeUndefined();
    expect(linkOf(html, 'next')).toBeUndefined();
    // The empty-state text is on every category page (shown only when there are no cards).
    expect(html).toContain('No recipes found in this category');
  });

  it.each([
    ['/category/main-course/page/1', 301, '/category/main-course'],
    ['/category/desserts/page/1', 301, '/category/desserts'],
    ['/blog/page/1', 301, '/blog'],
    ['/blog/category/techniques/page/1', 301, '/blog/category/techniques'],
    ['/category/main-course/page/4', 404, null],
    ['/category/desserts/page/2', 404, null],
    ['/category/main-course/page/0', 404, null],
  ])('%s answers %i', async (path, status, location) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.location).toBe(location);
  });
});

describe('blog pages', () => {
  const blogPosts = pages
    .filter((p) => /^\/blog\/(?!category\/|page\/)[^/]+$/.test(p.path))
    .map((p) => p.path);
  const postLinks = (html: string) =>
    [
      ...(html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '').matchAll(
        /href="(\/blog\/(?!category\/|page\/)[^"/]+)"/g,
      ),
    ].map((m) => m[1]);

  it('/blog and /blog/page/2 list every published post once, 12 a page, newest first', () => {
    // The sample posts that are published and the 11 extra ones: more than one page.
    expect(blogPosts.length).toBeGreaterThan(BLOG_PAGE);
    const first = byPath.get('/blog')?.html ?? '';
    const second = byPath.get('/blog/page/2')?.html ?? '';
    const onFirst = [...new Set(postLinks(first))];
    const onSecond = [...new Set(postLinks(second))];
    expect(onFirst).toHaveLength(BLOG_PAGE);
    expect(onSecond).toHaveLength(blogPosts.length - BLOG_PAGE);
    expect([...onFirst, ...onSecond].sort()).toEqual([...blogPosts].sort());
    expect(byPath.has('/blog/page/3')).toBe(false);
  });

  it.each([
    ['/blog', 1, 2],
    ['/blog/category/techniques', 1, 2],
  ])('%s page 2: canonical, rel=prev to page 1, no next, JSON-LD of its posts only', async (base) => {
    const { status, html } = await get(`${base}/page/2`);
    expect(status).toBe(200);
    expect(canonicalOf(html)).toBe(`${baseUrl}${base}/page/2`);
    expect(linkOf(html, 'prev')).toBe(`${baseUrl}${base}`);
    expect(linkOf(html, 'next')).toBeUndefined();
    expect(titleOf(html)).toMatch(/ – Page 2 \| Forkful$/);
    const blog = jsonLdOf(html).find((l) => l['@type'] === 'Blog') as { blogPost: { url: string }[] };
    expect(blog.blogPost.map((p) => new URL(p.url).pathname).sort()).toEqual(
      [...new Set(postLinks(html))].sort(),
    );
    expect(paginationOf(html)).toEqual({ current: '2', prev: base, next: undefined });
    const page1 = await get(base);
    expect(linkOf(page1.html, 'next')).toBe(`${baseUrl}${base}/page/2`);
    expect(linkOf(page1.html, 'prev')).toBeUndefined();
  });
});

describe('the sitemap lists every numbered page', () => {
  it('sitemap-pages.xml has each page of each paged list and never /page/1', async () => {
    const xml = (await get('/sitemap-pages.xml')).html;
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
    const paged = pages
      .map((p) => p.path)
      .filter((p) => /^\/(category|blog)\/.*page\/\d+$|^\/blog\/page\/\d+$/.test(p));
    expect(paged).toEqual(
      expect.arrayContaining([
        '/category/main-course/page/2',
        '/category/main-course/page/3',
        '/blog/page/2',
      ]),
    );
    for (const p of paged) expect(locs.has(p), p).toBe(true);
    expect([...locs].filter((p) => p.endsWith('/page/1'))).toEqual([]);
  });
});

describe.skipIf(!chromiumPath)('the page bar on a 320 px phone', () => {
  const browser = useBrowser();

  it('fits the screen, has 44 px targets, and is used with the keyboard alone', async () => {
    const { page, errors } = await openPage(browser(), { width: 320 });
    await page.goto(`${baseUrl}/category/main-course/page/2`);
    const nav = page.getByRole('navigation', { name: 'Pages of Main Course recipes' });
    await nav.scrollIntoViewIfNeeded();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const links = nav.getByRole('link');
    const boxes = await links.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return {
          text: e.textContent?.replace(/\s+/g, ' ').trim(),
          left: r.left,
          right: r.right,
          width: r.width,
          height: r.height,
        };
      }),
    );
    expect(boxes.map((b) => b.text)).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page']);
    for (const b of boxes) {
      expect(b.width, b.text).toBeGreaterThanOrEqual(44);
      expect(b.height, b.text).toBeGreaterThanOrEqual(44);
      expect(b.left, b.text).toBeGreaterThanOrEqual(0);
      expect(b.right, b.text).toBeLessThanOrEqual(320);
    }
    await expect(nav.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    // Tab to 'Next page' and press Enter: page 3, its bar without a next link.
    await nav.getByRole('link', { name: 'Page 3' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim())).toBe(
      'Next page',
    );
    await Promise.all([
      page.waitForURL(`${baseUrl}/category/main-course/page/3`),
      page.keyboard.press('Enter'),
    ]);
    const last = page.getByRole('navigation', { name: 'Pages of Main Course recipes' });
    await expect(last.getByRole('link', { name: 'Next page' }).count()).resolves.toBe(0);
    await expect(page.locator('[data-recipe-card]').count()).resolves.toBe(2);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.context().close();
  });
});
