import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import { currentBuildDir } from '../site/built-site.ts';

/** Anonymous pages ask /api/auth/me (the header's account menu) and Chromium logs its expected 401; every other console error counts. */
const SESSION_CHECK_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
const realErrors = (errors: string[]) => errors.filter((e) => e !== SESSION_CHECK_401);

// The public pages' small scripts in a real browser: header menus, dark mode without a flash,
// the home filter and Load More, /categories?category=, the newsletter form, image fallbacks,
// the not-found page's late recipes, print, and no horizontal scrolling from 320 px.

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();

interface ApiRecipe {
  id: number;
  slug: string;
  title: string;
  category: string;
}

async function api<T>(urlPath: string): Promise<T> {
  return (await (await fetch(`${baseUrl}${urlPath}`)).json()) as T;
}

describe.skipIf(!chromiumPath)('public pages in Chromium', () => {
  const browser = useBrowser();

  it('the hamburger menu opens, closes on a link tap, and on Escape', async () => {
    const { page, errors } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl}/`);
    const menu = page.locator('details[data-menu]:has(summary:has-text("Menu"))');
    await menu.locator('summary').click();
    await expect(menu.evaluate((d: HTMLDetailsElement) => d.open)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu.evaluate((d: HTMLDetailsElement) => d.open)).resolves.toBe(false);
    await menu.locator('summary').click();
    await Promise.all([
      page.waitForURL(`${baseUrl}/categories`),
      menu.locator('a[href="/categories"]').click(),
    ]);
    await expect(page.locator('nav[aria-label="Mobile"] a[aria-current="page"]').textContent()).resolves.toBe(
      'Categories',
    );
    await expect(menu.evaluate((d: HTMLDetailsElement) => d.open)).resolves.toBe(false);
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('the Company dropdown lists the four company pages and closes on an outside click', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/`);
    const company = page.locator('nav[aria-label="Main"] details');
    await company.locator('summary').click();
    await expect(company.locator('a').allTextContents()).resolves.toEqual([
      'About Us',
      'Contact Us',
      'Privacy Policy',
      'Terms of Service',
    ]);
    await page.mouse.click(5, 400);
    await expect(company.evaluate((d: HTMLDetailsElement) => d.open)).resolves.toBe(false);
    await page.context().close();
  });

  it('dark mode follows the system, the toggle is remembered, and a stored choice paints dark from the first frame', async () => {
    const { page } = await openPage(browser(), { colorScheme: 'light' });
    // Record the theme at the moment <body> first exists, before any paint.
    await page.addInitScript(() => {
      new MutationObserver((_m, observer) => {
        if (!document.body) return;
        (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody =
          document.documentElement.classList.contains('dark');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/`);
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(
      false,
    );
    await page.locator('[data-theme-toggle]').click();
    await expect(page.locator('[data-theme-toggle]').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.goto(`${baseUrl}/categories`);
    await expect(
      page.evaluate(() => (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody),
    ).resolves.toBe(true);
    await page.context().close();
  });

  it('the home filter shows a category through the API, and Load More Recipes adds 8', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/`);
    const cards = page.locator('[data-grid] [data-recipe-card]');
    await expect(cards.count()).resolves.toBe(8);
    const featured = await api<ApiRecipe[]>('/api/recipes/featured?limit=16');
    await page.locator('[data-load-more]').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-grid] [data-recipe-card]').length === 16,
    );
    await expect(
      cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-recipe-slug'))),
    ).resolves.toEqual(featured.map((r) => r.slug));
    await expect(page.locator('[data-grid] [data-ad-slot="in-feed"]').count()).resolves.toBe(1);

    const desserts = await api<ApiRecipe[]>('/api/recipes/category/desserts?limit=8');
    await page.locator('a[data-filter="desserts"]').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-title]')?.textContent === 'Desserts Recipes' &&
        document.querySelector('[data-grid]')?.getAttribute('aria-busy') === 'false',
    );
    await expect(
      cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-recipe-slug'))),
    ).resolves.toEqual(desserts.map((r) => r.slug));
    await expect(page.locator('a[data-filter="desserts"]').getAttribute('aria-current')).resolves.toBe(
      'true',
    );
    expect(new URL(page.url()).searchParams.get('category')).toBe('desserts');

    // The chosen category survives a reload.
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[data-title]')?.textContent === 'Desserts Recipes',
    );
    await page.locator('a[data-filter=""]').click();
    await page.waitForFunction(() => document.querySelector('[data-title]')?.textContent === 'All Recipes');
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['Desserts', '/category/desserts'],
    ['main-course', '/category/main-course'],
    ['BREAKFAST', '/category/breakfast'],
  ])('/categories?category=%s goes to %s', async (name, target) => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/categories?category=${encodeURIComponent(name)}`);
    await page.waitForURL(`${baseUrl}${target}`);
    await page.context().close();
  });

  it('the newsletter form checks the email, then confirms the subscription', async () => {
    const { page } = await openPage(browser());
    const [recipe] = await api<ApiRecipe[]>('/api/recipes?limit=1');
    await page.goto(`${baseUrl}/recipe/${recipe!.slug}`);
    const block = page.locator('[data-newsletter="card"]');
    const form = block.locator('form[data-newsletter-form]');
    await form.locator('input[name="email"]').fill('not-an-email');
    await form.locator('button[type="submit"]').click();
    await expect(block.locator('[data-newsletter-message]').textContent()).resolves.toBe(
      'Please enter a valid email address',
    );
    await form.locator('input[name="email"]').fill(`reader-${Date.now()}@example.com`);
    await form.locator('button[type="submit"]').click();
    await block.locator('[data-newsletter-done]').waitFor({ state: 'visible' });
    await expect(block.locator('[data-newsletter-done]').textContent()).resolves.toContain(
      "You're subscribed!",
    );
    await page.context().close();
  });

  it('a broken recipe image is replaced by its fallback picture', async () => {
    const { page } = await openPage(browser());
    const [first] = await api<ApiRecipe[]>('/api/recipes/featured?limit=1');
    // The image server answers 404 for this one cover, as a missing file would.
    await page.route(`**/images/recipes/${first!.slug}-600.webp`, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await page.goto(`${baseUrl}/`);
    const img = page.locator(`[data-recipe-slug="${first!.slug}"] img`);
    await page.waitForFunction(
      (slug) =>
        document
          .querySelector(`[data-recipe-slug="${slug}"] img`)
          ?.getAttribute('src')
          ?.startsWith('/images/fallback/'),
      first!.slug,
    );
    await expect(img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).resolves.toBe(
      true,
    );
    await page.context().close();
  });

  it('the not-found page renders a recipe the build does not have yet, from the API', async () => {
    const [recipe] = await api<ApiRecipe[]>('/api/recipes?limit=1');
    const built = (...parts: string[]) => path.join(buildDir, ...parts, 'index.html');
    // Each address with the prebuilt page taken away, as for a recipe created after the last build
    // (the id forms are 301s to the slug address, whose page is then missing).
    const cases = [
      { urlPath: `/recipe/${recipe!.slug}`, files: [built('recipe', recipe!.slug)] },
      { urlPath: `/recipe/${recipe!.id}`, files: [built('recipe', recipe!.slug)] },
      { urlPath: `/recipe-id/${recipe!.id}`, files: [built('recipe', recipe!.slug)] },
    ];
    for (const { urlPath, files } of cases) {
      for (const file of files) fs.renameSync(file, `${file}.aside`);
      const { page } = await openPage(browser());
      try {
        const response = await page.goto(`${baseUrl}${urlPath}`);
        expect(response?.status()).toBe(404);
        await page.locator('h1', { hasText: recipe!.title }).waitFor();
        expect(await page.locator('section[aria-labelledby="ingredients-title"] li').count()).toBeGreaterThan(
          1,
        );
        expect(
          await page.locator('section[aria-labelledby="instructions-title"] ol > li').count(),
        ).toBeGreaterThan(1);
        await expect(page.title()).resolves.toContain(recipe!.title);
      } finally {
        for (const file of files) fs.renameSync(`${file}.aside`, file);
        await page.context().close();
      }
    }
  });

  it.each([
    ['/recipe/no-such-recipe-here', 'Recipe Not Found'],
    ['/recipe-id/999999', 'Recipe Not Found'],
    ['/nothing/here', 'Page Not Found'],
  ])('%s shows %s', async (urlPath, heading) => {
    const { page } = await openPage(browser());
    const response = await page.goto(`${baseUrl}${urlPath}`);
    expect(response?.status()).toBe(404);
    await page.locator('h1:visible', { hasText: heading }).waitFor();
    await expect(page.locator('h1:visible').count()).resolves.toBe(1);
    if (heading === 'Recipe Not Found')
      await expect(
        page.locator("text=The recipe you're looking for doesn't exist or has been removed.").isVisible(),
      ).resolves.toBe(true);
    await page.context().close();
  });

  it('prints the recipe only: no navigation, ads, reviews, related recipes or newsletter', async () => {
    const { page } = await openPage(browser());
    const [recipe] = await api<ApiRecipe[]>('/api/recipes?limit=1');
    await page.goto(`${baseUrl}/recipe/${recipe!.slug}`);
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      'header',
      'footer',
      'nav[aria-label="Breadcrumb"]',
      '#reviews',
      'section[aria-labelledby="related-title"]',
      'form[data-newsletter-form]',
      'a[href$="/cook"]',
    ]) {
      await expect(page.locator(hidden).first().isVisible(), hidden).resolves.toBe(false);
    }
    for (const shown of [
      'h1',
      'section[aria-labelledby="ingredients-title"]',
      'section[aria-labelledby="instructions-title"]',
      'section[aria-labelledby="nutrition-title"]',
    ]) {
      await expect(page.locator(shown).first().isVisible(), shown).resolves.toBe(true);
    }
    await expect(
      page
        .locator('section[aria-labelledby="ingredients-title"]')
        .evaluate((el) => getComputedStyle(el).breakInside),
    ).resolves.toBe('avoid');
    await page.context().close();
  });

  it.each([320, 375, 768, 1440])('no page type scrolls sideways at %i px', async (width) => {
    const { page } = await openPage(browser(), { width });
    const [recipe] = await api<ApiRecipe[]>('/api/recipes?limit=1');
    for (const urlPath of [
      '/',
      '/categories',
      '/category/desserts',
      `/recipe/${recipe!.slug}`,
      '/about-us',
      '/blog',
      '/no/such/page',
    ]) {
      await page.goto(`${baseUrl}${urlPath}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${urlPath} at ${width}px`).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
});
