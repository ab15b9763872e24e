import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// `client:settled` (src/integrations/client-settled.ts), the header's account menu: on the search
// page it hydrates only once the first results are drawn (so React does not compete with the
// results' first picture), on other pages when idle, and never later than its bound when the
// search does not answer at all.

const ACCOUNT_MENU = 'astro-island[component-url*="AccountMenu"]';

/** Whether every account menu island on the page has hydrated (Astro drops `ssr` when it has). */
const menusHydrated = (page: Page) =>
  page
    .locator(ACCOUNT_MENU)
    .evaluateAll((islands) => islands.length > 0 && islands.every((i) => !i.hasAttribute('ssr')));

describe.skipIf(!chromiumPath)('client:settled', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('on the search page the account menu waits for the results, then hydrates', async () => {
    const { page } = await openPage(browser());
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/recipes/search?*', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`${baseUrl}/search?q=chicken`, { waitUntil: 'load' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.search)).toBe('loading');
    // Well past when client:idle would have hydrated it on this page.
    await page.waitForTimeout(1_500);
    expect(await menusHydrated(page)).toBe(false);

    answer();
    await page.locator('[data-search-results] [data-recipe-card]').first().waitFor();
    await expect.poll(() => menusHydrated(page)).toBe(true);
    await page.context().close();
  });

  it('elsewhere it hydrates when idle', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await expect.poll(() => menusHydrated(page)).toBe(true);
    await page.context().close();
  });

  it('a search that never answers does not leave it dead', async () => {
    const { page } = await openPage(browser());
    await page.route('**/api/recipes/search?*', () => {
      // Never answered.
    });
    await page.goto(`${baseUrl}/search?q=chicken`, { waitUntil: 'load' });
    expect(await page.evaluate(() => document.documentElement.dataset.search)).toBe('loading');
    await expect.poll(() => menusHydrated(page), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.search)).toBe('loading');
    await page.context().close();
  });
});
