import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// As the admin does it in Chromium: log in on /admin, create
// a recipe through the form (two ingredient sections, 6 ingredients, 4 steps, an uploaded photo),
// watch 'Publishing…' turn 'Live', find the prebuilt page with its Recipe JSON-LD (and the photo
// at both sizes), in its category and in search; edit the title, restore the previous version,
// delete it (after the question): 404. A signed-in cook sees 'Admin Access Required'.

const ADMIN_PASSWORD = 'admin-test-password';
/** A build of the whole site on a loaded 2-core machine can take a while. */
const PUBLISH_TIMEOUT_MS = 240_000;

/** The one console error an anonymous page logs: /api/auth/me answering 401. */
const SESSION_CHECK_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';

async function toast(page: Page, text: string): Promise<Locator> {
  const found = page.locator('[data-toast]', { hasText: text }).first();
  await found.waitFor();
  return found;
}

/** Waits for 'Publishing…' and then 'Live'; returns when Live was seen. */
async function waitForPublish(page: Page): Promise<number> {
  const badge = page.locator('[data-publish-state]');
  await page.locator('[data-publish-state="publishing"]').waitFor({ timeout: 30_000 });
  await expect(badge.locator('[data-publish-label]').textContent()).resolves.toBe('Publishing…');
  await page.locator('[data-publish-state="live"]').waitFor({ timeout: PUBLISH_TIMEOUT_MS });
  const live = Date.now();
  await expect(badge.textContent()).resolves.toMatch(/^Live\s*since\s*\d/);
  return live;
}

async function fillRow(section: Locator, index: number, values: [string, string, string, string]) {
  const row = section.locator('[data-ingredient-row]').nth(index);
  const names = ['quantity', 'unit', 'item', 'note'];
  for (const [i, value] of values.entries()) await row.locator(`input[name="${names[i]}"]`).fill(value);
}

interface JsonLdRecipe {
  '@type': string;
  name: string;
  recipeIngredient: string[];
  recipeInstructions: unknown[];
  image?: unknown;
}

async function recipeJsonLd(page: Page): Promise<JsonLdRecipe | undefined> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  for (const text of blocks) {
    const data = JSON.parse(text) as JsonLdRecipe | { '@graph'?: JsonLdRecipe[] };
    const items = '@graph' in data && data['@graph'] ? data['@graph'] : [data as JsonLdRecipe];
    const recipe = items.find((item) => item['@type'] === 'Recipe');
    if (recipe) return recipe;
  }
  return undefined;
}

async function logInOnAdmin(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Login Required' }).waitFor();
  await page
    .locator('[data-admin-gate], main')
    .getByRole('button', { name: 'Login', exact: true })
    .last()
    .click();
  const auth = page.getByRole('dialog', { name: 'Welcome to Forkful' });
  await auth.waitFor();
  await auth.locator('input[name="username"]:visible').fill(username);
  await auth.locator('input[name="password"]:visible').fill(password);
  await Promise.all([
    page.waitForEvent('load'),
    auth.getByRole('button', { name: 'Login', exact: true }).click(),
  ]);
}

describe.skipIf(!chromiumPath)('the admin dashboard', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('a signed-in cook sees Admin Access Required; visitors see Login Required', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Login Required' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    const username = `cook_${Date.now().toString(36)}`;
    const status = await page.evaluate(async (name) => {
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'pass-word-42' }),
      });
      return res.status;
    }, username);
    expect(status).toBe(201);
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await expect(page.locator('[data-admin-gate="forbidden"]').textContent()).resolves.toMatch(
      /Log out, then log back in as admin/,
    );
    expect(await page.getByRole('tab').count()).toBe(0);
    // The server says the same to the cook's own session.
    const adminCall = await page.evaluate(async () => (await fetch('/api/admin/publish/status')).status);
    expect(adminCall).toBe(403);
    await page.context().close();
  });

  it(
    'log in → create (sections, 6 ingredients, 4 steps, photo) → Publishing… → Live → public page, category, search → edit → restore → delete → 404',
    { timeout: 900_000 },
    async () => {
      const { page, errors } = await openPage(browser());
      await logInOnAdmin(page, baseUrl, 'admin', ADMIN_PASSWORD);

      // The tabs: arrow keys move and the hash follows.
      const recipesTab = page.getByRole('tab', { name: 'Recipes' });
      await recipesTab.waitFor();
      await recipesTab.focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'AI Generator', selected: true }).count()).resolves.toBe(1);
      expect(new URL(page.url()).hash).toBe('#generator');
      await page.keyboard.press('End');
      await page.getByRole('tab', { name: 'Password', selected: true }).waitFor();
      await page.keyboard.press('Home');
      await page.getByRole('tab', { name: 'Recipes', selected: true }).waitFor();
      expect(new URL(page.url()).hash).toBe('');

      // A new recipe through the form.
      const stamp = Date.now().toString(36);
      const title = `Lemon Herb Chicken ${stamp}`;
      await page.getByRole('button', { name: 'New recipe' }).click();
      const form = page.locator('[data-recipe-form]');
      await form.waitFor();
      // Empty form: the form's messages inline, nothing sent.
      await form.getByRole('button', { name: 'Create recipe' }).click();
      await form.getByText('Title is required').waitFor();
      await form.getByText('Add at least one ingredient').waitFor();

      await form.locator('input[name="title"]').fill(title);
      await form
        .locator('textarea[name="description"]')
        .fill('Bright, garlicky chicken thighs with a lemon pan sauce.');
      const categorySelect = form.locator('select[name="category"]');
      const categorySlug = (await categorySelect.locator('option[value="main-course"]').count())
        ? 'main-course'
        : (await categorySelect.locator('option').nth(1).getAttribute('value'))!;
      await categorySelect.selectOption(categorySlug);
      await form.locator('input[name="cuisine"]').fill('Greek');
      await form.locator('select[name="difficulty"]').selectOption('Medium');
      await form.locator('input[name="servings"]').fill('4');
      await form.locator('input[name="prepTime"]').fill('15');
      await form.locator('input[name="cookTime"]').fill('30');

      const sections = form.locator('[data-ingredient-section]');
      await sections.nth(0).locator('input[name="section-0-name"]').fill('For the chicken');
      await fillRow(sections.nth(0), 0, ['8', '', 'chicken thighs', 'bone-in']);
      await fillRow(sections.nth(0), 1, ['2', 'tbsp', 'olive oil', '']);
      await fillRow(sections.nth(0), 2, ['1', 'tsp', 'dried oregano', '']);
      await form.getByRole('button', { name: '+ Add section' }).click();
      await sections.nth(1).locator('input[name="section-1-name"]').fill('For the sauce');
      await fillRow(sections.nth(1), 0, ['2', '', 'lemons', 'juiced']);
      await sections
        .nth(1)
        .getByRole('button', { name: /^\+ Add ingredient/ })
        .click();
      await sections
        .nth(1)
        .getByRole('button', { name: /^\+ Add ingredient/ })
        .click();
      await fillRow(sections.nth(1), 1, ['4', 'cloves', 'garlic', 'minced']);
      await fillRow(sections.nth(1), 2, ['1/2', 'cup', 'chicken stock', '']);

      const steps = [
        'Season the chicken with oregano, salt and pepper.',
        'Brown the chicken skin side down for 8 minutes.',
        'Add garlic, lemon juice and stock.',
        'Roast at 200°C for 20 minutes and serve.',
      ];
      await form.getByRole('button', { name: '+ Add step' }).click();
      await form.getByRole('button', { name: '+ Add step' }).click();
      for (const [i, text] of steps.entries())
        await form.getByLabel(`Step ${i + 1}`, { exact: true }).fill(text);

      await form.locator('input[name="calories"]').fill('480');
      await form.locator('input[name="nutrition.protein"]').fill('38');
      await form.locator('input[name="nutrition.carbs"]').fill('9');
      await form.locator('input[name="nutrition.fat"]').fill('31');
      const tagInput = form.locator('input[name="tag"]');
      await tagInput.fill('weeknight');
      await tagInput.press('Enter');
      await tagInput.fill('Chicken');
      await tagInput.press('Enter');
      await expect(form.locator('[data-tag]').allTextContents()).resolves.toEqual(['weeknight✕', 'chicken✕']);

      // A photo, picked from disk: stored by the site, shown in the preview.
      const photo = await sharp({
        create: { width: 1600, height: 1100, channels: 3, background: { r: 214, g: 140, b: 52 } },
      })
        .png()
        .toBuffer();
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'chicken.png', mimeType: 'image/png', buffer: photo });
      const preview = form.locator('[data-image-preview]');
      await preview.waitFor();
      const imageUrl = await form.locator('input[name="image"]').inputValue();
      expect(imageUrl).toMatch(/^\/api\/images\/[0-9a-f]{32}\/1200\.webp$/);

      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/recipes') && r.request().method() === 'POST',
      );
      const savedAt = Date.now();
      await form.getByRole('button', { name: 'Create recipe' }).click();
      const createdResponse = await created;
      expect(createdResponse.status()).toBe(201);
      const recipe = (await createdResponse.json()) as { id: number; slug: string; category: string };
      await toast(page, 'Recipe created successfully!');
      const liveAt = await waitForPublish(page);
      console.log(
        `admin journey: Save → Live for a new recipe took ${((liveAt - savedAt) / 1000).toFixed(1)} s`,
      );

      // The prebuilt page, with its JSON-LD and the stored photo at both sizes.
      const publicPage = await page.context().newPage();
      const response = await publicPage.goto(`${baseUrl}/recipe/${recipe.slug}`, {
        waitUntil: 'networkidle',
      });
      expect(response?.status()).toBe(200);
      await expect(publicPage.locator('h1').first().textContent()).resolves.toContain(title);
      const jsonLd = await recipeJsonLd(publicPage);
      expect(jsonLd?.name).toBe(title);
      expect(jsonLd?.recipeIngredient).toHaveLength(6);
      expect(jsonLd?.recipeInstructions).toHaveLength(4);
      const key = imageUrl.split('/')[3];
      const hero = publicPage.locator(`img[src*="${key}"]`).first();
      await expect(hero.getAttribute('srcset')).resolves.toContain(`/api/images/${key}/600.webp`);
      for (const width of [1200, 600]) {
        const image = await publicPage.request.get(`${baseUrl}/api/images/${key}/${width}.webp`);
        expect(image.status()).toBe(200);
        expect(image.headers()['content-type']).toBe('image/webp');
      }
      // In its category and in search.
      await publicPage.goto(`${baseUrl}/category/${recipe.category}`, { waitUntil: 'networkidle' });
      await expect(publicPage.locator(`a[href="/recipe/${recipe.slug}"]`).count()).resolves.toBeGreaterThan(
        0,
      );
      await publicPage.goto(`${baseUrl}/search?q=${encodeURIComponent(stamp)}`, { waitUntil: 'networkidle' });
      await publicPage.getByText(title).first().waitFor();

      // Edit the title: the page follows after the next publish (the slug stays).
      const newTitle = `Greek Lemon Chicken ${stamp}`;
      await form.locator('input[name="title"]').fill(newTitle);
      const editedAt = Date.now();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, 'Recipe updated successfully!');
      const editLiveAt = await waitForPublish(page);
      console.log(
        `admin journey: Save → Live for a title edit took ${((editLiveAt - editedAt) / 1000).toFixed(1)} s`,
      );
      await publicPage.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'networkidle' });
      await expect(publicPage.locator('h1').first().textContent()).resolves.toContain(newTitle);

      // Restore the previous version in one click.
      const versions = page.locator('[data-versions] [data-version]');
      await versions.first().waitFor();
      await versions
        .filter({ hasText: title })
        .first()
        .getByRole('button', { name: /^Restore/ })
        .click();
      await toast(page, 'Version restored');
      await expect(form.locator('input[name="title"]').inputValue()).resolves.toBe(title);
      await waitForPublish(page);
      await publicPage.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'networkidle' });
      await expect(publicPage.locator('h1').first().textContent()).resolves.toContain(title);

      // Delete it: the question first, then an Undo offer, then the page is gone.
      await page.getByRole('button', { name: 'Back to list' }).click();
      await page.locator('#admin-recipe-search').fill(stamp);
      const row = page.locator(`[data-recipe-row="${recipe.slug}"]`);
      await row.waitFor();
      await row.getByRole('button', { name: /^Delete/ }).click();
      const question = page.getByRole('dialog', { name: 'Delete recipe' });
      await question.getByText('Are you sure you want to delete this recipe?').waitFor();
      await question.getByRole('button', { name: 'Delete', exact: true }).click();
      // Undo from the toast brings it back; then delete it for good.
      let deleted = await toast(page, 'Recipe deleted successfully!');
      await row.waitFor({ state: 'detached' });
      await deleted.getByRole('button', { name: 'Undo' }).click();
      await toast(page, 'Restored');
      await row.waitFor();
      await row.getByRole('button', { name: /^Delete/ }).click();
      await question.getByRole('button', { name: 'Delete', exact: true }).click();
      deleted = await toast(page, 'Recipe deleted successfully!');
      await deleted.getByRole('button', { name: 'Undo' }).waitFor();
      await row.waitFor({ state: 'detached' });
      await waitForPublish(page);
      const api = await publicPage.request.get(`${baseUrl}/api/recipes/slug/${recipe.slug}`);
      expect(api.status()).toBe(404);
      const gone = await publicPage.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'load' });
      expect(gone?.status()).toBe(404);
      await publicPage.getByRole('heading', { name: 'Recipe Not Found' }).waitFor();

      expect(errors.filter((e) => e !== SESSION_CHECK_401)).toEqual([]);
      await page.context().close();
    },
  );
});
