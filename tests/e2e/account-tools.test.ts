import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, pageFetch, signUpFromPage, useBrowser } from '../helpers/browser.ts';

// The shopping list and the calorie tracker as a signed-in reader uses them on a recipe page:
// add a recipe's ingredients, tick items (also offline, synced when back), export the list,
// log a meal against the daily goal, and see it all leave the page after logging out.
// The islands (src/islands/shopping/ShoppingListButton.tsx, src/islands/calories/
// CalorieTrackerButton.tsx) are mounted on the recipe page separately: until they are, the
// test skips and says so.

interface ApiItem {
  id: number;
  checked: boolean;
}
interface ApiRecipe {
  slug: string;
  calories: number;
  title: string;
}

const NOT_MOUNTED =
  'ShoppingListButton / CalorieTrackerButton are not mounted on the recipe page yet (no [data-island="shopping-list-button"]); mount them in #recipe-actions to run this test.';

describe.skipIf(!chromiumPath)('shopping list and calorie tracker on a recipe page', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('adds, ticks offline and online, exports, logs a meal, and forgets it all on logout', async ({
    skip,
  }) => {
    const [recipe] = (await (await fetch(`${baseUrl}/api/recipes?limit=1`)).json()) as ApiRecipe[];
    if (!recipe) throw new Error('The seeded site has no recipes.');
    const { page, errors } = await openPage(browser());
    const context = page.context();
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`);

    const username = await signUpFromPage(page, 'tools');
    await page.reload({ waitUntil: 'networkidle' });
    errors.length = 0; // the anonymous /api/auth/me 401 of the first visit is expected

    // However the page mounts the button (directly or inside another island, idle, lazily), a
    // signed-in reader sees it within seconds of the page settling.
    const mounted = await page
      .waitForSelector('[data-island="shopping-list-button"]', { timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    if (!mounted) {
      await context.close();
      skip(NOT_MOUNTED);
    }

    // Shopping list: add this recipe's ingredients at the servings shown.
    const listButton = page.locator('[data-island="shopping-list-button"]');
    await listButton.click();
    const list = page.getByRole('dialog', { name: 'Shopping List' });
    await expect.poll(() => list.isVisible()).toBe(true);
    await list.getByRole('button', { name: 'Add ingredients' }).click();
    await list.locator('[data-shopping-item]').first().waitFor();
    const serverItems = async () => (await pageFetch<ApiItem[]>(page, 'GET', '/api/shopping-list')).body;
    const total = (await serverItems()).length;
    expect(total).toBeGreaterThan(0);
    expect(await list.locator('[data-shopping-item]').count()).toBe(total);

    // A tick reaches the server and the progress follows.
    const boxes = list.getByRole('checkbox');
    await boxes.nth(0).check();
    await expect.poll(() => list.locator('[data-progress-text]').textContent()).toBe(`1 of ${total}`);
    await expect.poll(async () => (await serverItems()).filter((i) => i.checked).length).toBe(1);

    // Offline: the tick stays on screen and on the device, and is sent when the connection is back.
    await context.setOffline(true);
    await boxes.nth(1).check();
    await expect.poll(() => list.locator('[data-sync-status]').textContent()).toContain('Offline');
    const queued = await page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([k]) => k.startsWith('forkful:shopping-list:'))
        .map(([, v]) => JSON.parse(v).queue.length),
    );
    expect(queued).toEqual([1]);
    await context.setOffline(false);
    await list.locator('[data-sync-status]').waitFor({ state: 'detached' });
    await expect.poll(async () => (await serverItems()).filter((i) => i.checked).length).toBe(2);
    expect(await boxes.nth(1).isChecked()).toBe(true);

    // Export: shopping-list.txt grouped by aisle, ticked lines marked.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('shopping-list.txt');
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text).toMatch(/^Shopping List\n2 of \d+ checked\n/);
    expect(text.match(/^\[x\] /gm)).toHaveLength(2);
    expect(text).toContain(`(${recipe.title})`);

    // Escape closes; focus returns to the button that opened the dialog.
    await page.keyboard.press('Escape');
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-island'))).toBe(
      'shopping-list-button',
    );

    // Calorie tracker: a recipe must be chosen; then 2 servings at lunch add twice the calories.
    await page.locator('[data-island="calorie-tracker-button"]').click();
    const tracker = page.getByRole('dialog', { name: 'Calorie Tracker' });
    await expect.poll(() => tracker.isVisible()).toBe(true);
    await tracker.getByRole('button', { name: 'Add entry' }).click();
    const addEntry = page.getByRole('dialog', { name: 'Add entry' });
    await expect.poll(() => addEntry.isVisible()).toBe(true);
    await addEntry.getByRole('combobox', { name: 'Recipe' }).selectOption('');
    await addEntry.getByRole('button', { name: 'Add entry' }).click();
    await expect.poll(() => addEntry.getByText('Please select a recipe').isVisible()).toBe(true);
    await addEntry
      .getByRole('combobox', { name: 'Recipe' })
      .selectOption({ label: `${recipe.title} (${recipe.calories} cal)` });
    await addEntry.getByRole('spinbutton', { name: 'Servings' }).fill('2');
    await addEntry.getByText('Lunch', { exact: true }).click();
    await expect
      .poll(() => addEntry.locator('[data-entry-preview]').textContent())
      .toContain(`${(recipe.calories * 2).toLocaleString('en-US')} calories`);
    await addEntry.getByRole('button', { name: 'Add entry' }).click();
    await expect.poll(() => addEntry.isVisible()).toBe(false);
    await expect
      .poll(() => tracker.locator('[data-calorie-total]').textContent())
      .toBe(`${(recipe.calories * 2).toLocaleString('en-US')} / 2,000 cal`);
    expect(await tracker.locator('[data-meal="lunch"] [data-calorie-entry]').count()).toBe(1);

    // The goal keeps to 1000–5000.
    const goal = tracker.getByRole('spinbutton', { name: 'Daily goal (calories)' });
    await goal.fill('900');
    await tracker.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => tracker.getByText('Calorie goal must be between 1000 and 5000').isVisible())
      .toBe(true);
    await goal.fill('2500');
    await tracker.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () => (await pageFetch<{ goal: number }>(page, 'GET', '/api/calorie-tracking/goal')).body.goal,
      )
      .toBe(2500);

    // Deleting the entry empties the day.
    await tracker.getByRole('button', { name: /^Delete / }).click();
    await expect.poll(() => tracker.locator('[data-calorie-entry]').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);

    // Logging out (from the header's account menu, as a reader does) takes the buttons and the
    // list's copy on this device off the page at once.
    const accountMenu = page.getByRole('button', { name: `Account menu for ${username}` });
    const buttons = page.locator(
      '[data-island="shopping-list-button"], [data-island="calorie-tracker-button"]',
    );
    if (await accountMenu.isVisible()) {
      await accountMenu.click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect.poll(() => buttons.count()).toBe(0);
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(localStorage).filter((k) => k.startsWith('forkful:shopping-list:')),
          ),
        )
        .toEqual([]);
    } else {
      // No account menu on this page yet: log out directly; the next page has no buttons.
      expect((await pageFetch(page, 'POST', '/api/auth/logout')).status).toBe(200);
      await page.reload({ waitUntil: 'networkidle' });
      expect(await buttons.count()).toBe(0);
    }
    await context.close();
  });
});
