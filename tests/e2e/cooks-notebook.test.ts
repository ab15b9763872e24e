import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { localDay, mondayOf, addDays } from '../../src/lib/notebook-dates.ts';
import { mergeShares, planShares } from '../../src/lib/plan/plan-to-list.ts';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import type { ShoppingItem } from '../../src/lib/schemas/shopping-item.ts';
import { mergeKey } from '../../src/lib/shopping/merge.ts';
import { chromiumPath, openPage, pageFetch, signUpFromPage, useBrowser } from '../helpers/browser.ts';

// The cook's notebook as one cook uses it: sign up, save a recipe into a new collection, keep a
// private note, plan three dinners with different servings (two from recipe pages, one from the
// plan's own search), put the week on the shopping list and see merged, scaled amounts with their
// recipes, then mark one recipe cooked. Also: the plan fits a phone and prints as one week.

async function addToPlan(page: Page, day: string, servings: number) {
  await page.getByRole('button', { name: 'Add to plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to your meal plan' });
  await dialog.getByLabel('Day').fill(day);
  await dialog.getByRole('radio', { name: 'Dinner' }).check();
  await dialog.getByLabel('Servings').fill(String(servings));
  await dialog.getByRole('button', { name: 'Add to plan' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

describe.skipIf(!chromiumPath)("the cook's notebook", () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('collects, notes, plans three dinners, shops for the week and logs a cooking', async () => {
    const recipes = (await (await fetch(`${baseUrl}/api/recipes?limit=2`)).json()) as Recipe[];
    const [first, second] = recipes as [Recipe, Recipe];
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/${first.slug}`);
    await signUpFromPage(page, 'cook');
    await page.reload({ waitUntil: 'networkidle' });
    errors.length = 0; // the anonymous /api/auth/me 401 of the first visit is expected

    // Save into a new collection, in one step from the recipe page.
    await page.getByRole('button', { name: 'Collections' }).click();
    const picker = page.getByRole('dialog', { name: 'Save to a collection' });
    await picker.getByLabel('New collection').fill('Weeknight dinners');
    await picker.getByRole('button', { name: 'Create and add' }).click();
    await expect
      .poll(() => picker.getByRole('checkbox', { name: 'Weeknight dinners' }).isChecked())
      .toBe(true);
    await page.keyboard.press('Escape');

    // A private note saves itself and says so.
    const note = page.getByLabel(/Private note/);
    await note.fill('Use less salt; double the garlic.');
    await expect.poll(() => page.getByTestId('note-status').textContent(), { timeout: 5000 }).toBe('Saved');

    // Three dinners this week with different servings: two from recipe pages…
    const monday = mondayOf(localDay());
    await addToPlan(page, monday, 2);
    await page.goto(`${baseUrl}/recipe/${second.slug}`, { waitUntil: 'networkidle' });
    await addToPlan(page, addDays(monday, 1), 4);

    // …and one from the plan's own search.
    await page.goto(`${baseUrl}/plan`, { waitUntil: 'networkidle' });
    const wednesday = addDays(monday, 2);
    await page.getByRole('button', { name: new RegExp(`^\\+ Add to dinner, Wed`) }).click();
    const search = page.getByRole('dialog', { name: /Add to dinner/ });
    await search.getByLabel('Servings').fill('6');
    await search.getByLabel('Find a recipe').fill(first.title.split(' ').slice(0, 2).join(' '));
    await search.getByRole('button', { name: `Add ${first.title}`, exact: true }).click();
    await expect.poll(() => page.locator('.plan-entry').count()).toBe(3);

    // The week onto the shopping list: every line scaled to its entry and merged.
    await page.getByRole('button', { name: 'Add this week to the shopping list' }).click();
    const listPanel = page.getByTestId('plan-list');
    await listPanel.waitFor();
    const expected = mergeShares(
      planShares([
        { entryId: 1, servings: 2, recipe: first },
        { entryId: 2, servings: 4, recipe: second },
        { entryId: 3, servings: 6, recipe: first },
      ]),
    );
    const items = (await pageFetch<ShoppingItem[]>(page, 'GET', '/api/shopping-list')).body;
    const byKey = new Map(items.map((i) => [mergeKey(i.ingredient, i.unit), i]));
    for (const line of expected) {
      const item = byKey.get(line.key.replace('\u001f', '\u0000'));
      expect(item, line.ingredient).toBeDefined();
      expect(item!.amount, line.ingredient).toBe(line.amount);
      for (const title of line.recipes) expect(item!.recipeTitle).toContain(title);
    }
    const text = await listPanel.textContent();
    expect(text).toContain(`for ${first.title}`);
    // Adding again doubles nothing.
    await page.getByRole('button', { name: 'Add this week to the shopping list' }).click();
    await expect
      .poll(async () => (await pageFetch<ShoppingItem[]>(page, 'GET', '/api/shopping-list')).body)
      .toEqual(items);

    // Keyboard: move the Wednesday dinner to Thursday lunch.
    await page
      .getByRole('button', { name: `Move or copy… ${first.title}` })
      .last()
      .focus();
    await page.keyboard.press('Enter');
    const move = page.getByRole('dialog', { name: `Move or copy ${first.title}` });
    await move.getByLabel('Day').selectOption(addDays(monday, 3));
    await move.getByLabel('Meal').selectOption('lunch');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect
      .poll(() => page.locator(`[data-slot="${addDays(monday, 3)}/lunch"] .plan-entry`).count())
      .toBe(1);
    expect(await page.locator(`[data-slot="${wednesday}/dinner"] .plan-entry`).count()).toBe(0);

    // Pointer: drag the Tuesday dinner onto Friday's dinner.
    await page
      .locator(`[data-slot="${addDays(monday, 1)}/dinner"] .plan-entry`)
      .dragTo(page.locator(`[data-slot="${addDays(monday, 4)}/dinner"]`));
    await expect
      .poll(() => page.locator(`[data-slot="${addDays(monday, 4)}/dinner"] .plan-entry`).count())
      .toBe(1);

    // Removing an entry whose ingredients are on the list offers to take them off too.
    await page.getByRole('button', { name: `Remove ${second.title}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${second.title}?` })
      .getByRole('button', { name: 'Take off the list too' })
      .click();
    await expect.poll(() => page.locator('.plan-entry').count()).toBe(2);
    const after = (await pageFetch<ShoppingItem[]>(page, 'GET', '/api/shopping-list')).body;
    expect(after.some((i) => i.recipeTitle?.includes(second.title))).toBe(false);

    // One week on a phone without sideways scrolling, and on one printed page.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.emulateMedia({ media: 'print' });
    const columns = await page
      .getByTestId('plan-grid')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(7);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Cooked it: the recipe page counts it.
    await page.goto(`${baseUrl}/recipe/${first.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'I cooked this' }).click();
    await expect
      .poll(() => page.getByTestId('cooked-summary').textContent())
      .toMatch(/^You cooked this once, last on \d{1,2} [A-Z][a-z]{2}/);
    // The note came back, and is nowhere in the public page.
    expect(await page.getByLabel(/Private note/).inputValue()).toBe('Use less salt; double the garlic.');
    const publicHtml = await (await fetch(`${baseUrl}/recipe/${first.slug}`)).text();
    expect(publicHtml).not.toContain('double the garlic');

    // The account area: the collection with its count, its own page, and the cooking.
    await page.goto(`${baseUrl}/saved-recipes`, { waitUntil: 'networkidle' });
    const collection = page.getByRole('link', { name: /Weeknight dinners\s*1 recipe/ });
    await collection.click();
    await page.waitForURL(/\/collection\?id=\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Weeknight dinners');
    expect(await page.getByRole('link', { name: first.title }).count()).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/saved-recipes`, { waitUntil: 'networkidle' });
    const cooked = page.getByRole('region', { name: 'Recently cooked' });
    await expect.poll(() => cooked.getByRole('link', { name: first.title }).count()).toBe(1);

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
