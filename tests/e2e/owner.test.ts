import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The owner's side in Chromium: the owner finds the dashboard (logging in on /admin opens it,
// the account menu links it for the admin and nobody else), the dashboard says what went wrong in
// a sentence (never a status and raw JSON), and no floating kitchen-timers button covers its forms.

const ADMIN_PASSWORD = 'admin-test-password';

/** Logs in (or signs up) through the API from the page, so its cookie is the page's. */
async function signInFromPage(page: Page, path: string, body: Record<string, string>): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { path, body },
  );
}

describe.skipIf(!chromiumPath)("the owner's side of the site", () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('logging in on the dashboard’s Login Required screen opens the dashboard there', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Login Required' }).waitFor();
    // No floating kitchen-timers button on the dashboard: it would cover the save bar and toasts.
    expect(await page.locator('[data-kitchen-panel-button], #kitchen-panel-root').count()).toBe(0);

    await page.locator('main').getByRole('button', { name: 'Login', exact: true }).click();
    const auth = page.getByRole('dialog', { name: 'Welcome to Forkful' });
    await auth.waitFor();
    await auth.locator('input[name="username"]:visible').fill('admin');
    await auth.locator('input[name="password"]:visible').fill(ADMIN_PASSWORD);
    await auth.getByRole('button', { name: 'Login', exact: true }).click();
    // The dashboard itself, on the same address: nothing to navigate to.
    await page.getByRole('tab', { name: 'Recipes', selected: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.waitForLoadState('networkidle');
    await page.getByRole('tab', { name: 'Recipes', selected: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Login Required' }).count()).toBe(0);
    await page.context().close();
  });

  it('the kitchen-timers button is still on the public pages', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await expect(page.locator('[data-kitchen-panel-button]').count()).resolves.toBe(1);
    await page.context().close();
  });

  it('the admin’s account menu links the dashboard; a cook’s does not', async () => {
    const admin = await openPage(browser());
    await admin.page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    expect(
      await signInFromPage(admin.page, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }),
    ).toBe(200);
    await admin.page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    const menu = admin.page
      .locator('#account-menu-root')
      .getByRole('button', { name: 'Account menu for admin' });
    await menu.click();
    const dashboard = admin.page.getByRole('menuitem', { name: 'Dashboard' });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute('href')).toBe('/admin');
    await Promise.all([admin.page.waitForURL(`${baseUrl}/admin`), dashboard.click()]);
    await admin.page.getByRole('tab', { name: 'Recipes' }).waitFor();
    await admin.page.context().close();

    const cook = await openPage(browser());
    await cook.page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    const username = `cook_${Date.now().toString(36)}`;
    expect(
      await signInFromPage(cook.page, '/api/auth/signup', {
        username,
        email: `${username}@example.com`,
        password: 'pass-word-42',
      }),
    ).toBe(201);
    await cook.page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    await cook.page
      .locator('#account-menu-root')
      .getByRole('button', { name: `Account menu for ${username}` })
      .click();
    await cook.page.getByRole('menuitem', { name: 'Saved Recipes' }).waitFor();
    expect(await cook.page.getByRole('menuitem', { name: 'Dashboard' }).count()).toBe(0);
    await cook.page.context().close();
  });

  it('a failed load shows the server’s sentence, never the status and raw JSON', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    expect(
      await signInFromPage(page, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }),
    ).toBe(200);
    const sentence = 'Something went wrong on our side. Please try again.';
    await page.route(
      (url) => url.pathname === '/api/recipes',
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: sentence }),
        }),
    );
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading recipes' });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain(sentence);
    expect(text).not.toContain('500');
    expect(text).not.toContain('{');
    await page.context().close();
  });

  it(
    'a new category says in its toast when it will be live, and its row says Publishing… until it is',
    { timeout: 300_000 },
    async () => {
      const { page } = await openPage(browser());
      await page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
      expect(
        await signInFromPage(page, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }),
      ).toBe(200);
      await page.goto(`${baseUrl}/admin#categories`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'New category' }).click();
      const name = `Picnic ${Date.now().toString(36)}`;
      const slug = name.toLowerCase().replace(' ', '-');
      await page.getByRole('dialog').getByLabel('Name').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      const toast = page.locator('[data-toast]', { hasText: 'Category created.' }).first();
      await toast.waitFor();
      expect(await toast.textContent()).toMatch(/Live in (about a minute|a minute or two)/);

      const row = page.locator(`[data-category="${slug}"]`);
      await row.waitFor();
      await row.locator('[data-item-publishing]').waitFor();
      expect(await row.locator('[data-item-publishing]').textContent()).toContain('Publishing…');
      // A build of the site on a loaded 2-core machine can take a while.
      await row.locator('[data-item-publishing]').waitFor({ state: 'detached', timeout: 240_000 });
      await page.locator('[data-publish-state="live"]').waitFor();
      expect((await fetch(`${baseUrl}/category/${slug}`)).status).toBe(200);

      // Leave the site's categories as they were for the other tests.
      const id = await page.evaluate(async (slug) => {
        const list = (await (await fetch('/api/categories')).json()) as { id: number; slug: string }[];
        return list.find((c) => c.slug === slug)!.id;
      }, slug);
      const deleted = await page.evaluate(
        async (id) => (await fetch(`/api/categories/${id}`, { method: 'DELETE' })).status,
        id,
      );
      expect(deleted).toBe(200);
      await page.context().close();
    },
  );
});
