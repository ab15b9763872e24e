import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { COLLECTION_LIMITS } from '../../src/lib/schemas/collection.ts';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// A cook's collections as a signed-in cook keeps them: made from a recipe page's Collections
// control (one step: name it and the recipe goes in), refused when the name is taken or too long,
// then on My Account's saved-recipes page renamed, reordered with the keyboard and the pointer,
// deleted after its confirmation, and opened as a page of the site's recipe cards.

async function signUp(page: Page): Promise<void> {
  const username = `collector_${Date.now().toString(36)}`;
  const status = await page.evaluate(async (username) => {
    const res = await fetch('/api/auth/signup', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'pass-word-42' }),
    });
    return res.status;
  }, username);
  expect(status).toBe(201);
}

/** The collections on the saved-recipes page, in their order, as "name (count)". */
async function panelRows(page: Page): Promise<string[]> {
  return page
    .locator('section[aria-labelledby="collections-heading"] li a')
    .evaluateAll((links) =>
      links.map((a) => `${a.firstChild?.textContent?.trim()} (${a.querySelector('span')?.textContent})`),
    );
}

describe.skipIf(!chromiumPath)("a cook's collections", () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('creates from a recipe, refuses taken and long names, renames, reorders, deletes and shows cards', async () => {
    const [first, second] = (await (await fetch(`${baseUrl}/api/recipes?limit=2`)).json()) as [
      Recipe,
      Recipe,
    ];
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/${first.slug}`);
    await signUp(page);
    await page.reload({ waitUntil: 'networkidle' });
    errors.length = 0; // the anonymous /api/auth/me 401 of the first visit is expected

    // Three collections from the recipe page's Save control, each holding the recipe at once.
    await page.getByRole('button', { name: 'Collections' }).click();
    const picker = page.getByRole('dialog', { name: 'Save to a collection' });
    const newName = picker.getByLabel('New collection');
    const alert = picker.getByRole('alert');
    for (const name of ['Weeknight dinners', 'Baking', 'Sunday roasts']) {
      await newName.fill(name);
      await picker.getByRole('button', { name: 'Create and add' }).click();
      await expect.poll(() => picker.getByRole('checkbox', { name }).isChecked()).toBe(true);
      expect(await newName.inputValue()).toBe('');
    }

    // The limits: a name already taken (any case, any spacing) and one past 60 characters.
    await newName.fill('weeknight   DINNERS');
    await picker.getByRole('button', { name: 'Create and add' }).click();
    await expect.poll(() => alert.textContent()).toBe('You already have a collection with that name.');
    await newName.fill('x'.repeat(COLLECTION_LIMITS.nameLength + 1));
    await picker.getByRole('button', { name: 'Create and add' }).click();
    await expect
      .poll(() => alert.textContent())
      .toBe(`Collection names are limited to ${COLLECTION_LIMITS.nameLength} characters`);
    expect(await newName.getAttribute('aria-invalid')).toBe('true');
    expect(await picker.getByRole('checkbox').count()).toBe(3);
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.isVisible()).toBe(false);

    // A second recipe into an existing collection by ticking it.
    await page.goto(`${baseUrl}/recipe/${second.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Collections' }).click();
    // The box follows the server's answer, so it is clicked and then awaited.
    await picker.getByRole('checkbox', { name: 'Weeknight dinners' }).click();
    await expect
      .poll(() => picker.getByRole('checkbox', { name: 'Weeknight dinners' }).isChecked())
      .toBe(true);
    await page.keyboard.press('Escape');

    // My Account: each collection with its count, in the order they were made.
    await page.goto(`${baseUrl}/saved-recipes`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => panelRows(page))
      .toEqual(['Weeknight dinners (2 recipes)', 'Baking (1 recipe)', 'Sunday roasts (1 recipe)']);

    // Rename: a taken name is refused in place, a free one is kept.
    await page.getByRole('button', { name: 'Rename Baking' }).click();
    const renameField = page.getByLabel('New name for Baking');
    await renameField.fill('Sunday Roasts');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.locator('#collections-heading ~ ul [role="alert"]').textContent())
      .toBe('You already have a collection with that name.');
    await renameField.fill('Weekend baking');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => panelRows(page))
      .toEqual(['Weeknight dinners (2 recipes)', 'Weekend baking (1 recipe)', 'Sunday roasts (1 recipe)']);

    // Reorder with the keyboard: Sunday roasts up, and the focus stays on its button.
    await page.getByRole('button', { name: 'Move Sunday roasts up' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panelRows(page))
      .toEqual(['Weeknight dinners (2 recipes)', 'Sunday roasts (1 recipe)', 'Weekend baking (1 recipe)']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Sunday roasts up');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panelRows(page))
      .toEqual(['Sunday roasts (1 recipe)', 'Weeknight dinners (2 recipes)', 'Weekend baking (1 recipe)']);
    expect(await page.getByRole('button', { name: 'Move Sunday roasts up' }).isDisabled()).toBe(true);
    // …and with the pointer: Weeknight dinners down to the end.
    await page.getByRole('button', { name: 'Move Weeknight dinners down' }).click();
    const reordered = [
      'Sunday roasts (1 recipe)',
      'Weekend baking (1 recipe)',
      'Weeknight dinners (2 recipes)',
    ];
    await expect.poll(() => panelRows(page)).toEqual(reordered);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => panelRows(page)).toEqual(reordered);

    // Delete asks first: Cancel keeps the collection, the confirmation removes it (recipes stay saved).
    await page.getByRole('button', { name: 'Delete Weekend baking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Weekend baking”?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await panelRows(page)).toEqual(reordered);
    await page.getByRole('button', { name: 'Delete Weekend baking' }).click();
    await confirm.getByRole('button', { name: 'Delete collection' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    const left = ['Sunday roasts (1 recipe)', 'Weeknight dinners (2 recipes)'];
    await expect.poll(() => panelRows(page)).toEqual(left);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => panelRows(page)).toEqual(left);

    // The collection's page: its name, its count and the site's card for each recipe.
    await page.getByRole('link', { name: /^Weeknight dinners/ }).click();
    await page.waitForURL(/\/collection\?id=\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Weeknight dinners');
    expect(await page.getByText(/^2 recipes/).count()).toBe(1);
    const cards = page.locator('main article');
    await expect.poll(() => cards.count()).toBe(2);
    for (const recipe of [first, second]) {
      const card = cards.filter({ has: page.getByRole('heading', { level: 2, name: recipe.title }) });
      expect(await card.count(), recipe.title).toBe(1);
      expect(await card.locator(`a[href="/recipe/${recipe.slug}"]`).count()).toBeGreaterThan(0);
    }
    expect(await page.title()).toBe('Weeknight dinners · Forkful');

    // Only the refusals asked for above (409 and 400 answers) reached the console.
    expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
  }, 180_000);
});
