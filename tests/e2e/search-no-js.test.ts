import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, useBrowser } from '../helpers/browser.ts';

// The search page with JavaScript off: its forms go to the search function, which answers with the
// same page showing the result cards, the fields keeping what was asked; a bad filter value is a
// readable 400 page. With JavaScript on, the page keeps its own address and draws the results.

describe.skipIf(!chromiumPath)('search without JavaScript in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  /** A page of a browser context with JavaScript off, opened at `path`. */
  async function withoutScript(path: string) {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    return { context, page, response };
  }

  it('submitting the filters shows matching result cards on the site’s own page', async () => {
    const { context, page } = await withoutScript('/search');
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Total time').selectOption('30');
    await filters.getByRole('checkbox', { name: 'Vegetarian' }).check();
    await Promise.all([
      page.waitForURL(/\/search\/results\?/),
      filters.getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    await expect(page.locator('[data-search-status]').textContent()).resolves.toMatch(
      /^\d+ recipes? found: ready in 30 minutes or less; vegetarian$/,
    );
    const cards = page.locator('[data-search-results] [data-recipe-card]');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().isVisible()).resolves.toBe(true);
    const times = await cards.locator('.recipe-card-meta li:first-child').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    // The page is the site's: its header and footer, and the form holding the filters asked for.
    await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('footer').first().isVisible()).resolves.toBe(true);
    await expect(filters.getByLabel('Total time').inputValue()).resolves.toBe('30');
    await expect(filters.getByRole('checkbox', { name: 'Vegetarian' }).isChecked()).resolves.toBe(true);

    // Words from the search box, then "cook with what I have" with its note under each card.
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill('chicken');
    await Promise.all([
      page.waitForURL(/q=chicken/),
      page.getByRole('search').getByRole('button', { name: 'Search' }).click(),
    ]);
    await expect(page.locator('[data-search-status]').textContent()).resolves.toMatch(/found for “chicken”$/);
    const titles = await page.locator('[data-search-results] [data-recipe-card] h2').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/search/results?have=eggs%2C+butter%2C+flour&time=&exclude=`);
    await expect(page.locator('[data-pantry-note]').first().textContent()).resolves.toMatch(
      /^You have \d+\. Missing: |^You have everything/,
    );
    await context.close();
  });

  it('a category page’s filters and the home page’s box reach results without script too', async () => {
    const { context, page } = await withoutScript('/category/main-course');
    await page.getByText('Filter main course by time and diet').click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Total time').selectOption('60');
    await Promise.all([
      page.waitForURL(/\/search\/results\?.*category=main-course/),
      filters.getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    expect(await page.locator('[data-search-results] [data-recipe-card]').count()).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('searchbox', { name: 'Search recipes' }).first().fill('soup');
    await Promise.all([
      page.waitForURL(/\/search\/results\?q=soup/),
      page.getByRole('search').first().getByRole('button', { name: 'Search' }).click(),
    ]);
    await expect(page.locator('[data-search-status]').textContent()).resolves.toMatch(/found for “soup”$/);
    await context.close();
  });

  it('with script the same forms go to the search page, which draws the results itself', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/category/main-course`);
    await expect.poll(() => page.locator('form[data-search-filters]').getAttribute('action')).toBe('/search');
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => page.getByRole('search').first().getAttribute('action')).toBe('/search');
    await context.close();
  });

  it('a bad filter value is a 400 page saying why, and markup in the query stays text', async () => {
    const { context, page, response } = await withoutScript('/search/results?time=7');
    expect(response?.status()).toBe(400);
    await expect(page.locator('[data-search-error-message]').textContent()).resolves.toMatch(
      /time must be one of 15, 30, 45, 60/,
    );
    await expect(page.locator('[data-search-error-message]').isVisible()).resolves.toBe(true);
    const hostile = '<img src=x onerror=alert(1)>';
    await page.goto(`${baseUrl}/search/results?q=${encodeURIComponent(hostile)}`);
    await expect(page.getByRole('searchbox', { name: 'Search recipes' }).inputValue()).resolves.toBe(hostile);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await context.close();
  });
});
