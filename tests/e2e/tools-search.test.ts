import { describe, expect, inject, it } from 'vitest';
import type { Request } from 'playwright-core';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

/** Typing searches after a 300 ms pause. */
const SEARCH_DEBOUNCE_MS = 300;

/** Anonymous pages ask /api/auth/me (the header's account menu) and Chromium logs its expected 401; every other console error counts. */
const SESSION_CHECK_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
const realErrors = (errors: string[]) => errors.filter((e) => e !== SESSION_CHECK_401);

// The search page: debounce, immediate submit, skeletons, URL sync with back/forward, filters,
// suggestions, and results opening the recipe dialog.

describe.skipIf(!chromiumPath)('search page in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');
  const isSearch = (r: Request) => new URL(r.url()).pathname === '/api/recipes/search';

  it('waits for a 300 ms pause before searching, and Enter searches at once', async () => {
    const { page, errors } = await openPage(browser());
    const searches: string[] = [];
    page.on('request', (r) => isSearch(r) && searches.push(new URL(r.url()).searchParams.get('q') ?? ''));
    await page.clock.install();
    await page.goto(`${baseUrl}/search`);
    await page.locator('[data-search-page][data-ready]').waitFor();
    await expect(page.getByRole('heading', { name: 'Start Your Recipe Search' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.locator('[data-search-suggestions] li').allTextContents()).resolves.toEqual([
      'pasta',
      'chicken',
      'vegetarian',
      'dessert',
      'quick meal',
    ]);
    const box = page.getByRole('searchbox', { name: 'Search recipes' });
    // The page's clock stands still while keys are typed, so however slowly a loaded machine
    // delivers them, only the clock decides when the pause is over.
    await page.clock.pauseAt(Date.now() + 5_000);
    await box.pressSequentially('chicken', { delay: 20 });
    await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
    expect(searches).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => searches).toEqual(['chicken']);
    await page.clock.runFor(1_000);
    expect(searches).toEqual(['chicken']);
    expect(new URL(page.url()).search).toBe('?q=chicken');
    await expect
      .poll(() => page.locator('[data-search-results] [data-recipe-card]').count())
      .toBeGreaterThan(0);

    // Typing then Enter before the pause: one search, at once, and the pending one is dropped.
    await box.fill('');
    await box.pressSequentially('pasta', { delay: 20 });
    await box.press('Enter');
    await expect.poll(() => searches).toEqual(['chicken', 'pasta']);
    await page.clock.runFor(1_000);
    expect(searches).toEqual(['chicken', 'pasta']);
    expect(new URL(page.url()).search).toBe('?q=pasta');

    // Whitespace only never searches.
    await box.fill('   ');
    await page.clock.runFor(1_000);
    expect(searches).toEqual(['chicken', 'pasta']);
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('keeps the address in step: back and forward and shared links work', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/search?q=chicken`);
    await page.locator('[data-search-page][data-ready]').waitFor();
    const box = page.getByRole('searchbox', { name: 'Search recipes' });
    await expect.poll(() => box.inputValue()).toBe('chicken');
    await expect
      .poll(() => page.locator('[data-search-status]').textContent())
      .toMatch(/found for “chicken”/);
    await box.fill('soup');
    await box.press('Enter');
    await expect.poll(() => page.locator('[data-search-status]').textContent()).toMatch(/found for “soup”/);
    await page.getByRole('button', { name: 'Desserts', exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=soup&category=desserts');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=soup');
    await page.goBack();
    await expect.poll(() => box.inputValue()).toBe('chicken');
    await expect
      .poll(() => page.locator('[data-search-status]').textContent())
      .toMatch(/found for “chicken”/);
    await page.goForward();
    await expect.poll(() => box.inputValue()).toBe('soup');

    await page.goto(`${baseUrl}/search?cuisine=Italian`);
    await expect
      .poll(() => page.locator('[data-search-results] .recipe-card-badge').count())
      .toBeGreaterThan(0);
    const cuisines = await page.locator('[data-search-results] .recipe-card-badge').allTextContents();
    expect(new Set(cuisines)).toEqual(new Set(['Italian']));
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('shows 8 skeleton cards while loading and suggestions when nothing matches', async () => {
    const { page } = await openPage(browser());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/recipes/search**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/search?q=qqzzxxnothing`);
    await expect.poll(() => page.locator('[data-search-skeletons] > li').count()).toBe(8);
    release();
    await expect.poll(() => page.getByRole('heading', { name: 'No recipes found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'vegetarian' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=vegetarian');
    await page.context().close();
  });

  it.each([
    ['?q=chicken', /found for “chicken”/],
    ['?q=soup&category=desserts', /found for “soup” in Desserts/],
    ['?category=desserts', /found for in Desserts/],
    ['?q=qqzzxxnothing', /^No recipes found for “qqzzxxnothing”/],
  ])(
    '%s on a phone: one request, started before the page script, and nothing shifts',
    async (query, status) => {
      const { page, errors } = await openPage(browser(), { width: 375 });
      const searches: string[] = [];
      page.on('request', (r) => isSearch(r) && searches.push(new URL(r.url()).search));
      await page.goto(`${baseUrl}/search${query}`);
      await page.locator('[data-search-page][data-ready]').waitFor();
      await expect.poll(() => page.locator('[data-search-status]').textContent()).toMatch(status);
      await page.waitForLoadState('networkidle');
      expect(searches).toHaveLength(1);
      const shifted = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let sum = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
                sum += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(sum), 100);
          }),
      );
      expect(shifted).toBeLessThan(0.01);
      expect(realErrors(errors)).toEqual([]);
      await page.context().close();
    },
  );

  // A slow phone (4× CPU) whose page script is held on the network while the visitor acts: the
  // first search has already left from <head>; what was typed, clicked or submitted meanwhile is
  // what the page shows once the script arrives (EarlyInput.astro plays it back).
  it.each([
    ['typed', '?q=soup', 1],
    ['typed, then Enter', '?q=soup', 1],
    ['typed, then a category', '?q=soup&category=desserts', 1],
  ] as const)('a query %s before the page script runs is searched', async (how, address, entriesAdded) => {
    const { page, errors } = await openPage(browser(), { width: 375 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/_astro\/search\.astro_astro_type_script[^/]*\.js$/, async (route) => {
      asked += 1;
      await gate;
      await route.continue();
    });
    const searches: string[] = [];
    page.on('request', (r) => isSearch(r) && searches.push(new URL(r.url()).searchParams.get('q') ?? ''));
    // DOMContentLoaded waits for module scripts: only the start of the page is awaited here.
    await page.goto(`${baseUrl}/search?q=chicken`, { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search recipes' });
    await box.waitFor();
    await expect.poll(() => asked).toBeGreaterThan(0);
    await expect.poll(() => searches).toEqual(['chicken']);
    const historyBefore = await page.evaluate(() => history.length);
    await box.fill('soup');
    if (how === 'typed, then Enter') await box.press('Enter');
    if (how === 'typed, then a category')
      await page.getByRole('button', { name: 'Desserts', exact: true }).click();
    await page.waitForTimeout(SEARCH_DEBOUNCE_MS);
    // Nothing went anywhere: no second search, no form sent as a page load.
    expect(new URL(page.url()).search).toBe('?q=chicken');
    expect(searches).toEqual(['chicken']);

    release();
    await page.locator('[data-search-page][data-ready]').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe(address);
    await expect.poll(() => page.locator('[data-search-status]').textContent()).toMatch(/found for “soup”/);
    await expect.poll(() => box.inputValue()).toBe('soup');
    expect(searches.at(-1)).toBe('soup');
    // A new search adds one entry, typed or submitted (later keystrokes would replace it).
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + entriesAdded);
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('shows the error card with Try again when the search fails, and Try again searches again', async () => {
    const { page } = await openPage(browser(), { width: 375 });
    let failures = 1;
    await page.route('**/api/recipes/search**', async (route) => {
      if (failures-- > 0)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The database is busy. Please try again.' }),
        });
      return route.continue();
    });
    await page.goto(`${baseUrl}/search?q=pasta`);
    const alert = page.getByRole('alert').filter({ hasText: 'Search is not working right now' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('The database is busy. Please try again.');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('[data-search-status]').textContent()).toMatch(/found for “pasta”/);
    await expect(alert.isVisible()).resolves.toBe(false);
    await page.context().close();
  });

  it('opens a result in the recipe dialog without leaving the page; Escape closes it', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/search?q=pasta`);
    const first = page.locator('[data-search-results] [data-recipe-card] h2 a').first();
    await first.waitFor();
    const title = (await first.textContent())?.trim() ?? '';
    const before = page.url();
    await first.click();
    const dialog = page.locator('dialog[data-dialog="recipe"]');
    // The first card click loads the dialog's code and the recipe (as on every page): wait for it
    // like the other dialog tests do, not for a 1 s poll.
    await dialog.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(page.url()).toBe(before);
    await expect(dialog.evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toBe(before);
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
