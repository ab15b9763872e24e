import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../chromium.ts';
import { expectThat } from './site-client.ts';

// What the rehearsal checks in a real browser: the public pages as a visitor sees them, and the
// admin's loop — log in on /admin, edit a title, watch the badge go 'Publishing…' then 'Live',
// or 'Publish failed'.

export { chromiumPath as chromiumExecutable };

export async function launchBrowser(): Promise<Browser> {
  expectThat(!!chromiumPath, 'No Chromium found: apt-get install -y chromium');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/** A page that collects console errors. */
export async function newPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return { page, errors };
}

/** Home, a recipe page with its JSON-LD, and search results, as a visitor sees them. */
export async function checkPublicPages(browser: Browser, origin: string, recipeSlug: string): Promise<void> {
  const { page, errors } = await newPage(browser);
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  const cards = await page.locator('a[href^="/recipe/"]').count();
  expectThat(cards >= 8, `the home page shows ${cards} recipe links, not at least 8`);

  await page.goto(`${origin}/recipe/${recipeSlug}`, { waitUntil: 'networkidle' });
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const recipe = ld
    .map((text) => JSON.parse(text) as { '@type'?: string; '@graph'?: { '@type'?: string }[] })
    .flatMap((data) => data['@graph'] ?? [data])
    .find((item) => item['@type'] === 'Recipe') as
    { name?: string; recipeIngredient?: string[]; recipeInstructions?: unknown[] } | undefined;
  expectThat(!!recipe, `/recipe/${recipeSlug} carries no Recipe JSON-LD`);
  expectThat(
    (recipe.recipeIngredient?.length ?? 0) > 0 && (recipe.recipeInstructions?.length ?? 0) > 0,
    `the JSON-LD of /recipe/${recipeSlug} lists no ingredients or steps`,
  );

  await page.goto(`${origin}/search?q=chicken`, { waitUntil: 'networkidle' });
  await page.locator('[data-search-results] a[href^="/recipe/"]').first().waitFor({ timeout: 20_000 });
  expectThat(errors.length === 0, `console errors on the public pages: ${errors.join(' | ')}`);
  await page.context().close();
}

/** Logs in as admin from the dashboard's 'Login Required' screen. */
export async function logInOnDashboard(page: Page, origin: string, password: string): Promise<void> {
  await page.goto(`${origin}/admin`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Login Required' }).waitFor();
  await page
    .locator('[data-admin-gate], main')
    .getByRole('button', { name: 'Login', exact: true })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Welcome to/ });
  await dialog.waitFor();
  await dialog.locator('input[name="username"]:visible').fill('admin');
  await dialog.locator('input[name="password"]:visible').fill(password);
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'Login', exact: true }).click(),
  ]);
  await page.getByRole('tab', { name: 'Recipes' }).waitFor({ timeout: 30_000 });
}

/** Edits a recipe's title in the dashboard's form and saves it. */
export async function editRecipeTitle(page: Page, search: string, newTitle: string): Promise<void> {
  await page.getByRole('tab', { name: 'Recipes' }).click();
  await page.locator('#admin-recipe-search').fill(search);
  const row = page.locator('tr', { hasText: search }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const form = page.locator('[data-recipe-form]');
  await form.waitFor();
  await form.locator('input[name="title"]').fill(newTitle);
  // The save's toast ('Recipe updated successfully!') is replaced by the next one within a
  // moment, so the save is seen in the badge instead (badgeReaches), which polls the server.
  await form.getByRole('button', { name: 'Save changes' }).click();
}

/** Waits until the dashboard's publish badge is in `state`; resolves with its text. */
export async function badgeReaches(
  page: Page,
  state: 'publishing' | 'live' | 'failed',
  timeoutMs: number,
): Promise<string> {
  const badge = page.locator(`[data-publish-state="${state}"]`);
  await badge.waitFor({ timeout: timeoutMs });
  return ((await badge.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}
