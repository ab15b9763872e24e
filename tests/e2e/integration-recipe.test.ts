import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, recipeToScale, unexpectedErrors, useBrowser } from '../helpers/browser.ts';

// The islands mounted on the prebuilt pages, driven as a reader would: the recipe detail dialog
// from a home card, and the scaling calculator and unit switch on a real recipe page.

const ingredientLines = (page: Page) =>
  page.locator('section[aria-labelledby="ingredients-title"] li [data-ingredient]');

describe.skipIf(!chromiumPath)('recipe islands on the prebuilt pages', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('a plain click on a home card opens the detail dialog: focus stays inside, Escape closes, the address does not change', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const link = page.locator('[data-recipe-card] h3 a').first();
    const title = (await link.textContent())?.trim() ?? '';
    const before = page.url();

    await link.click();
    const dialog = page.locator('dialog[data-dialog="recipe"]');
    await dialog.waitFor({ state: 'visible' });
    await expect(dialog.getByRole('heading', { level: 2, name: title }).waitFor()).resolves.toBeUndefined();
    expect(page.url()).toBe(before);
    await expect(dialog.getByText('Recipe Scaling Calculator').count()).resolves.toBe(1);
    await expect(dialog.getByRole('link', { name: 'View Full Recipe' }).count()).resolves.toBe(1);

    // Focus is trapped: tabbing through more stops than the dialog has never leaves it.
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[data-dialog="recipe"]'))),
      ).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(before);
    // Focus goes back to the card that opened it.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-recipe-card]') !== null)).toBe(
      true,
    );

    // Later clicks open the dialog too (the page's opener is mounted by then).
    await page.locator('[data-recipe-card] h3 a').nth(1).click();
    await dialog.waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Close recipe' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['ctrl-click', { modifiers: ['Control'] as ('Control' | 'Meta')[] }],
    ['middle click', { button: 'middle' as const }],
  ])('a %s on a card still opens the recipe page in a new tab, with no dialog', async (_name, click) => {
    const { page } = await openPage(browser());
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const link = page.locator('[data-recipe-card] h3 a').first();
    const href = await link.getAttribute('href');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click(click)]);
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(href);
    await expect(page.locator('dialog[data-dialog="recipe"]').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('the scaling calculator doubles amounts, limits the buttons, and shows tips only when scaled', async () => {
    const { recipe, line } = await recipeToScale(baseUrl);
    const { page, errors } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'networkidle' });
    const lines = ingredientLines(page);
    const calculator = page.getByRole('region', { name: 'Recipe Scaling Calculator' });
    await calculator.scrollIntoViewIfNeeded();
    const more = calculator.getByRole('button', { name: 'More servings' });
    const fewer = calculator.getByRole('button', { name: 'Fewer servings' });
    const reset = calculator.getByRole('button', { name: 'Reset' });
    const servings = calculator.getByLabel('Adjust Servings');
    await more.waitFor();
    // Hydrated: the scaler's buttons react.
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));

    await expect(lines.filter({ hasText: line }).count()).resolves.toBe(1);
    expect(await reset.isDisabled()).toBe(true);
    await expect(calculator.getByText('Scaling tips').count()).resolves.toBe(0);

    // One step at a time, each waited for: a click is only sent once the last one has shown.
    for (let n = recipe.servings; n < recipe.servings * 2; n += 1) {
      await more.click();
      await expect.poll(() => servings.inputValue()).toBe(String(n + 1));
    }
    const doubled = line.replace(/^1 1\/2 /, '3 ');
    await lines.filter({ hasText: doubled }).first().waitFor();
    expect(await reset.isDisabled()).toBe(false);
    await expect(calculator.getByText('Scaling tips').count()).resolves.toBe(1);

    // Start Cooking Mode carries the chosen servings.
    const cook = page.locator('a[data-cook-link]');
    await cook.dispatchEvent('pointerdown');
    await page.waitForFunction(
      (n) => document.querySelector<HTMLAnchorElement>('a[data-cook-link]')?.href.endsWith(`?servings=${n}`),
      recipe.servings * 2,
    );

    await reset.click();
    await lines.filter({ hasText: line }).first().waitFor();
    await expect(calculator.getByText('Scaling tips').count()).resolves.toBe(0);

    // Down to one serving: the field and the buttons agree after every click (the field used to
    // show the previous number for a render, so a loop reading it clicked a disabled button).
    for (let n = recipe.servings; n > 1; n -= 1) {
      expect(await fewer.isDisabled()).toBe(false);
      await fewer.click();
      await expect.poll(() => servings.inputValue()).toBe(String(n - 1));
    }
    expect(await fewer.isDisabled()).toBe(true);
    expect(await reset.isDisabled()).toBe(false);

    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('the unit switch shows metric amounts and back', async () => {
    const { recipe, line } = await recipeToScale(baseUrl);
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'networkidle' });
    const units = page.locator('#recipe-scaler fieldset', { hasText: 'Units' });
    await units.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));
    const lines = ingredientLines(page);
    const index = (await lines.allTextContents()).findIndex((t) => t.trim() === line);
    expect(index).toBeGreaterThanOrEqual(0);

    await units.getByText('Metric', { exact: true }).click();
    await page.waitForFunction(
      (i) =>
        /^\d+(\.\d+)? ml /.test(
          document.querySelectorAll('section[aria-labelledby="ingredients-title"] li [data-ingredient]')[i]
            ?.textContent ?? '',
        ),
      index,
    );
    await units.getByText('As written', { exact: true }).click();
    await page.waitForFunction(
      ([i, text]) =>
        document.querySelectorAll('section[aria-labelledby="ingredients-title"] li [data-ingredient]')[
          i as number
        ]?.textContent === text,
      [index, line] as const,
    );
    await page.context().close();
  });
});
