import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, openSignUp, unexpectedErrors, useBrowser } from '../helpers/browser.ts';

// As a reader does it in Chromium on the prebuilt pages: sign up and log in
// through the header's auth dialog, save a recipe and find it on the saved page, write a review
// (its HTML stays text), mark someone else's review helpful, add the recipe to the shopping list
// and tick an item, log a meal in the calorie tracker, and log out: the personal data leaves.

interface ApiRecipe {
  id: number;
  slug: string;
  title: string;
  calories: number;
  reviewCount: number;
}

const HOSTILE_COMMENT =
  'Lovely dish <img src=x onerror="window.__pwned=1"><b>bold</b> <script>window.__pwned=2</script>';

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('[data-toast]', { hasText: title }).first().waitFor();
}

describe.skipIf(!chromiumPath)('a reader’s journey through the account features', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('sign up → log in → save → saved page → review → helpful → shopping list → calories → log out', async () => {
    const recipes = (await (await fetch(`${baseUrl}/api/recipes?limit=100`)).json()) as ApiRecipe[];
    const recipe = recipes.find((r) => r.reviewCount > 0);
    if (!recipe) throw new Error('No seeded recipe has reviews.');
    const username = `journey_${Date.now().toString(36)}`;
    const password = 'pass-word-42';
    const { page, errors } = await openPage(browser());
    const context = page.context();

    // Sign up from the header's Login button (the dialog's Sign Up tab).
    const { auth, field } = await openSignUp(page, baseUrl);
    await field('username').fill(username);
    await field('email').fill(`${username}@example.com`);
    await field('password').fill(password);
    await field('confirmPassword').fill(password);
    await auth.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created');
    await page
      .getByRole('button', { name: `Account menu for ${username}` })
      .first()
      .waitFor();

    // Log in: a fresh visit (no cookie), the Login button, the dialog; the page reloads signed in.
    await context.clearCookies();
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.locator('#account-menu-root').getByRole('button', { name: 'Login' }).click();
    await auth.waitFor();
    await field('username').fill(username);
    await field('password').fill(password);
    await Promise.all([
      page.waitForEvent('load'),
      auth.getByRole('button', { name: 'Login', exact: true }).click(),
    ]);
    const accountMenu = page
      .locator('#account-menu-root')
      .getByRole('button', { name: `Account menu for ${username}` });
    await accountMenu.waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    errors.length = 0;

    // Save the recipe; the saved page lists it.
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'networkidle' });
    const save = page.getByRole('button', { name: 'Save Recipe' });
    await save.click();
    await toast(page, 'Recipe saved');
    await page.getByRole('button', { name: 'Saved', pressed: true }).waitFor();
    await page.goto(`${baseUrl}/saved-recipes`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: recipe.title }).first().waitFor();

    // Write a review whose comment carries HTML: it is shown as text, nothing runs.
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'networkidle' });
    const reviews = page.locator('#reviews-root');
    await reviews.scrollIntoViewIfNeeded();
    await reviews.locator('label', { has: page.getByRole('radio', { name: /^4 stars/ }) }).click();
    await reviews.getByLabel('Your review').fill(HOSTILE_COMMENT);
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    const mine = reviews.locator('li[data-review-id]', { hasText: 'Your review' });
    await mine.waitFor();
    await expect(mine.locator('p', { hasText: 'Lovely dish' }).textContent()).resolves.toBe(HOSTILE_COMMENT);
    expect(await mine.locator('img, b, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // The page's stars follow the new review count.
    await page.waitForFunction(
      (n) => document.querySelector('[data-recipe-stars]')?.textContent?.includes(`(${n})`),
      recipe.reviewCount + 1,
    );
    // And after a reload the comment is still inert text.
    await page.reload({ waitUntil: 'networkidle' });
    await reviews.scrollIntoViewIfNeeded();
    await mine.waitFor();
    await expect(mine.locator('p', { hasText: 'Lovely dish' }).textContent()).resolves.toBe(HOSTILE_COMMENT);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Mark another reader's review helpful: once.
    const otherId = await reviews
      .locator('li[data-review-id]', { has: page.getByRole('button', { name: /^Helpful \(\d+\)$/ }) })
      .first()
      .getAttribute('data-review-id');
    const other = reviews.locator(`li[data-review-id="${otherId}"]`);
    const helpful = other.getByRole('button', { name: /^Helpful \(\d+\)$/ });
    const count = Number((await helpful.textContent())?.match(/\((\d+)\)/)?.[1]);
    await helpful.click();
    await other.getByRole('button', { name: `Marked helpful (${count + 1})`, pressed: true }).waitFor();

    // Shopping list: add the ingredients and tick one.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-island="shopping-list-button"]').click();
    const list = page.getByRole('dialog', { name: 'Shopping List' });
    await list.waitFor();
    await list.getByRole('button', { name: 'Add ingredients' }).click();
    await list.locator('[data-shopping-item]').first().waitFor();
    const total = await list.locator('[data-shopping-item]').count();
    await list.getByRole('checkbox').first().check();
    await expect.poll(() => list.locator('[data-progress-text]').textContent()).toBe(`1 of ${total}`);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // Calorie tracker: one serving of this recipe.
    await page.locator('[data-island="calorie-tracker-button"]').click();
    const tracker = page.getByRole('dialog', { name: 'Calorie Tracker' });
    await tracker.waitFor();
    await tracker.getByRole('button', { name: 'Add entry' }).click();
    const addEntry = page.getByRole('dialog', { name: 'Add entry' });
    await addEntry.waitFor();
    await addEntry
      .getByRole('combobox', { name: 'Recipe' })
      .selectOption({ label: `${recipe.title} (${recipe.calories} cal)` });
    await addEntry.getByRole('button', { name: 'Add entry' }).click();
    await addEntry.waitFor({ state: 'hidden' });
    await expect.poll(() => tracker.locator('[data-calorie-entry]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await tracker.waitFor({ state: 'hidden' });

    // Log out from the header: the account's buttons and data leave the page.
    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logged out');
    await page.locator('#account-menu-root').getByRole('button', { name: 'Login' }).waitFor();
    const personal = page.locator(
      '[data-island="shopping-list-button"], [data-island="calorie-tracker-button"]',
    );
    await expect.poll(() => personal.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /^(Save Recipe|Saved)$/ }).count()).toBe(0);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('forkful:shopping-list:')),
      ),
    ).toEqual([]);
    await reviews.getByText('Please log in to write a review').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
