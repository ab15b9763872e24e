import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, unexpectedErrors, useBrowser } from '../helpers/browser.ts';

describe.skipIf(!chromiumPath)('browsing in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('opens home, follows a recipe card, and shows its ingredients and steps', async () => {
    const { page, errors } = await openPage(browser());
    const response = await page.goto(baseUrl);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Forkful/);
    const firstCard = page.locator('[data-recipe-card] h3 a').first();
    const title = (await firstCard.textContent())?.trim() ?? '';
    expect(title.length).toBeGreaterThan(0);
    // A plain click opens the recipe dialog; its 'View Full Recipe' leads to the page.
    await firstCard.click();
    await Promise.all([
      page.waitForURL(/\/recipe\/[a-z0-9-]+$/),
      page.locator('dialog[data-dialog="recipe"]').getByRole('link', { name: 'View Full Recipe' }).click(),
    ]);
    await expect(page.locator('h1').textContent()).resolves.toBe(title);
    const ingredients = page.locator('section[aria-labelledby="ingredients-title"] li');
    expect(await ingredients.count()).toBeGreaterThan(1);
    const steps = page.locator('section[aria-labelledby="instructions-title"] ol > li');
    expect(await steps.count()).toBeGreaterThan(1);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(ld['@type']).toBe('Recipe');
    expect(ld.name).toBe(title);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('serves the not-found page with status 404 for unknown paths', async () => {
    const { page } = await openPage(browser());
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/not found/i);
    await page.context().close();
  });
});
