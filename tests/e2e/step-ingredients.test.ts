import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The ingredients each step uses, on a seeded recipe (Beef Bourguignon, 6 servings; its fifth step
// melts "the butter" (30 g) and uses "the remaining lardons" (half of 200 g: the fourth step takes
// "half the lardons")): under the step on the recipe page, collapsed, scaled and converted with
// the page's controls; in a recipe card's quick-view dialog, with the dialog's own controls; and on
// cooking mode's step card.

describe.skipIf(!chromiumPath)('step ingredients in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('lists a step’s ingredients under it, collapsed, at the chosen servings and units', async () => {
    const { page, errors } = await openPage(browser(), { width: 1280 });
    await page.goto(`${baseUrl}/recipe/beef-bourguignon`, { waitUntil: 'networkidle' });
    const step = page.locator('#step-5');
    const details = step.locator('details[data-step-ingredients]');
    const items = details.locator('[data-step-ingredient]');
    await expect(details.locator('summary').textContent()).resolves.toBe('Ingredients (4) for step 5');
    await expect(details.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await expect(items.allTextContents()).resolves.toEqual([
      '30 g butter',
      '300 g small shallots or pearl onions',
      '250 g button mushrooms',
      '100 g smoked lardons or thick bacon',
    ]);
    await details.locator('summary').click();
    await expect(items.first().isVisible()).resolves.toBe(true);

    // Twelve servings: twice the amounts.
    const calculator = page.getByRole('region', { name: 'Recipe Scaling Calculator' });
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));
    const more = calculator.getByRole('button', { name: 'More servings' });
    for (let n = 6; n < 12; n += 1) {
      await more.click();
      await expect.poll(() => calculator.getByLabel('Adjust Servings').inputValue()).toBe(String(n + 1));
    }
    await expect.poll(() => items.first().textContent()).toBe('60 g butter');
    await expect(items.last().textContent()).resolves.toBe('200 g smoked lardons or thick bacon');

    // US units: ounces.
    await page
      .locator('label', { has: page.getByRole('radio', { name: 'US' }) })
      .first()
      .click();
    await expect.poll(() => items.first().textContent()).toBe('2 oz butter');
    expect(errors).toEqual([]);
  });

  it('lists a step’s ingredients in a recipe card’s dialog, at the dialog’s servings', async () => {
    const { page, errors } = await openPage(browser(), { width: 1280 });
    await page.goto(`${baseUrl}/category/main-course`, { waitUntil: 'networkidle' });
    await page.locator('[data-recipe-card] h3 a[href="/recipe/beef-bourguignon"]').click();
    const dialog = page.locator('dialog[data-dialog="recipe"]');
    await dialog.getByRole('heading', { level: 2, name: 'Beef Bourguignon' }).waitFor();
    const details = dialog.locator('li[id$="-step-5"] details[data-step-ingredients]');
    const items = details.locator('[data-step-ingredient]');
    await expect(details.locator('summary').textContent()).resolves.toBe('Ingredients (4) for step 5');
    await details.locator('summary').click();
    await expect(items.first().isVisible()).resolves.toBe(true);
    await expect(items.allTextContents()).resolves.toEqual([
      '30 g butter',
      '300 g small shallots or pearl onions',
      '250 g button mushrooms',
      '100 g smoked lardons or thick bacon',
    ]);

    // Three servings in the dialog's calculator: half the amounts.
    const calculator = dialog.getByRole('region', { name: 'Recipe Scaling Calculator' });
    const fewer = calculator.getByRole('button', { name: 'Fewer servings' });
    for (let n = 6; n > 3; n -= 1) {
      await fewer.click();
      await expect.poll(() => calculator.getByLabel('Adjust Servings').inputValue()).toBe(String(n - 1));
    }
    await expect.poll(() => items.first().textContent()).toBe('15 g butter');
    await expect(items.last().textContent()).resolves.toBe('50 g smoked lardons or thick bacon');
    expect(errors).toEqual([]);
  });

  it('shows the current step’s ingredients on the cooking mode step card', async () => {
    const { page, errors } = await openPage(browser(), { width: 1280 });
    await page.goto(`${baseUrl}/recipe/beef-bourguignon/cook?servings=3`);
    await page.locator('[data-cooking-mode][data-ready]').waitFor();
    const card = page.locator('section[data-step]');
    const items = card.locator('[data-step-ingredients] [data-step-ingredient]');
    // Step 1 heats the oven and dries the beef: 1.5 kg at 6 servings, 0.75 kg at 3.
    await expect(items.allTextContents()).resolves.toEqual(['0.75 kg beef chuck']);
    for (let n = 1; n < 5; n += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => card.getAttribute('data-step')).toBe('5');
    await expect(items.allTextContents()).resolves.toEqual([
      '15 g butter',
      '150 g small shallots or pearl onions',
      '125 g button mushrooms',
      '50 g smoked lardons or thick bacon',
    ]);
    await expect(card.getByRole('list', { name: 'Ingredients for step 5' }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });
});
