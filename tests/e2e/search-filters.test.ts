import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The search page's filters: from the address, changed in the form (the address follows and Back
// returns), "cook with what I have" cards saying what is missing, and the plain form without
// JavaScript making the same address.

describe.skipIf(!chromiumPath)('search filters in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('reads filters from the address, applies changes, keeps the address and Back in step', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/search?diet=vegetarian`);
    await page.locator('[data-search-page][data-ready]').waitFor();
    const status = page.locator('[data-search-status]');
    await expect.poll(() => status.textContent()).toMatch(/recipes? found: vegetarian$/);
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters.getByRole('checkbox', { name: 'Vegetarian' }).isChecked()).resolves.toBe(true);
    const before = await page.locator('[data-search-results] > li').count();
    expect(before).toBeGreaterThan(0);

    await filters.getByLabel('Total time').selectOption('30');
    await expect.poll(() => new URL(page.url()).search).toBe('?time=30&diet=vegetarian');
    await expect.poll(() => status.textContent()).toMatch(/found: ready in 30 minutes or less; vegetarian$/);
    const after = await page.locator('[data-search-results] > li').count();
    expect(after).toBeLessThanOrEqual(before);

    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?diet=vegetarian');
    await expect.poll(() => filters.getByLabel('Total time').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('ranks recipes by what the cook has and says what is missing', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/search`);
    await page.locator('[data-search-page][data-ready]').waitFor();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Cook with what I have').fill('eggs, butter, flour');
    await filters.getByLabel('Cook with what I have').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('have')).toBe('eggs, butter, flour');
    const notes = page.locator('[data-search-results] [data-pantry-note]');
    await notes.first().waitFor();
    await expect(notes.first().textContent()).resolves.toMatch(
      /^You have \d+\. Missing: |^You have everything/,
    );
    expect(errors).toEqual([]);
  });

  it('works as a plain form without JavaScript: submitting makes the shareable address', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search`);
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Total time').selectOption('15');
    await filters.getByRole('checkbox', { name: 'Vegan' }).check();
    await filters.getByLabel('Leave out').fill('mushrooms');
    await Promise.all([
      page.waitForURL(/time=15/),
      filters.getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    const params = new URL(page.url()).searchParams;
    expect(params.get('time')).toBe('15');
    expect(params.getAll('diet')).toEqual(['vegan']);
    expect(params.get('exclude')).toBe('mushrooms');
    await context.close();
  });

  it('a category page’s filters lead to search within the category', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/category/desserts`);
    await page.locator('[data-category-filters] summary').click();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'Vegetarian' }).check();
    await Promise.all([
      page.waitForURL(/\/search\?/),
      filters.getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    const params = new URL(page.url()).searchParams;
    expect(params.get('category')).toBe('desserts');
    expect(params.getAll('diet')).toEqual(['vegetarian']);
    await page.locator('[data-search-page][data-ready]').waitFor();
    await expect
      .poll(() => page.locator('[data-search-status]').textContent())
      .toMatch(/found for in Desserts: vegetarian$/);
  });
});
