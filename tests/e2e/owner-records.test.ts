import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, logInAsAdmin, openPage, pageFetch, useBrowser } from '../helpers/browser.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';

// The owner's records in Chromium: the newsletter list in the dashboard (listed, searched, an
// address deleted after the question), the one-click unsubscribe link a subscriber gets, and the
// recipe versions list saying what changed since each version.

describe.skipIf(!chromiumPath)("the owner's records", () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('lists, searches and deletes newsletter subscribers; the unsubscribe link works once and says so after', async () => {
    const stamp = Date.now().toString(36);
    const keep = `keep.${stamp}@example.com`;
    const drop = `drop.${stamp}@example.com`;
    const { page } = await openPage(browser());
    expect(await logInAsAdmin(page, baseUrl)).toBe(200);
    for (const email of [keep, drop])
      expect(
        (
          await pageFetch<Record<string, unknown>>(page, 'POST', '/api/newsletter/subscribe', {
            email,
            name: 'Reader',
          })
        ).status,
      ).toBe(200);

    await page.goto(`${baseUrl}/admin#subscribers`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Subscribers', selected: true }).waitFor();
    const panel = page.locator('[data-subscribers]');
    await panel.locator('[data-subscriber-counts]').waitFor();
    // No transport in the test server: the panel says so.
    await expect(panel.locator('[data-mail-status]').getAttribute('data-mail-status')).resolves.toBe('none');
    await panel.getByText(/No mail transport is configured/).waitFor();
    await panel.locator(`[data-subscriber="${drop}"]`).waitFor();

    await panel.getByLabel('Search by email or name').fill(stamp);
    await panel.getByText(`of 2 matching “${stamp}”`).waitFor();
    const href = await panel.getByRole('link', { name: 'Export matches as CSV' }).getAttribute('href');
    expect(href).toBe(`/api/admin/newsletter/subscribers/export?q=${stamp}`);

    // Delete asks first; cancelling keeps the address.
    const row = panel.locator(`[data-subscriber="${drop}"]`);
    await row.getByRole('button', { name: `Delete ${drop}` }).click();
    const question = page.getByRole('dialog', { name: 'Delete subscriber' });
    await question.getByText(`Remove ${drop} from the newsletter list?`).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(row.count()).resolves.toBe(1);
    await row.getByRole('button', { name: `Delete ${drop}` }).click();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await panel.getByText(`of 1 matching “${stamp}”`).waitFor();

    // The subscriber's one-click link: no login needed (a fresh browser context).
    const list = await pageFetch<Record<string, unknown>>(
      page,
      'GET',
      `/api/admin/newsletter/subscribers?q=${encodeURIComponent(keep)}`,
    );
    const [subscriber] = list.body.items as { unsubscribeUrl: string }[];
    const token = new URL(subscriber!.unsubscribeUrl).searchParams.get('token')!;
    await page.context().close();

    const reader = await openPage(browser());
    await reader.page.goto(`${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}x`, {
      waitUntil: 'networkidle',
    });
    await reader.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await reader.page.getByText(/Nothing was changed/).waitFor();
    await reader.page.goto(`${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`, {
      waitUntil: 'networkidle',
    });
    await reader.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await reader.page.getByText(`${keep} is unsubscribed`).waitFor();
    await reader.page.reload({ waitUntil: 'networkidle' });
    await reader.page.getByRole('heading', { name: 'Already unsubscribed' }).waitFor();
    await reader.page.getByText(`${keep} is already unsubscribed.`).waitFor();
    await reader.page.context().close();
  });

  it('the versions list of a recipe says what changed since each version', async () => {
    const stamp = Date.now().toString(36);
    const title = `Versioned Lemon Pasta ${stamp}`;
    const { page } = await openPage(browser());
    expect(await logInAsAdmin(page, baseUrl)).toBe(200);
    const made = await pageFetch<Record<string, unknown>>(
      page,
      'POST',
      '/api/recipes',
      validRecipeInput({ title }),
    );
    expect(made.status).toBe(201);
    const slug = made.body.slug as string;
    // A first edit adds an ingredient line.
    const base = validRecipeInput({ title });
    const withHoney = {
      ...base.ingredients,
      Sauce: [...(base.ingredients as Record<string, unknown[]>).Sauce!, '1 tbsp honey'],
    };
    const edited = await pageFetch<Record<string, unknown>>(page, 'PUT', `/api/recipes/${made.body.id}`, {
      ...base,
      ingredients: withHoney,
    });
    expect(edited.status).toBe(200);

    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    await page.locator('#admin-recipe-search').fill(stamp);
    const row = page.locator(`[data-recipe-row="${slug}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: /^Edit/ }).click();
    const titleInput = page.locator('input[name="title"]');
    await expect(titleInput.inputValue()).resolves.toBe(title);
    const newTitle = `Versioned Lemon Spaghetti ${stamp}`;
    await titleInput.fill(newTitle);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[data-toast]', { hasText: 'Recipe updated successfully!' }).first().waitFor();

    const version = page.locator('[data-versions] [data-version]').first();
    const changes = version.getByRole('list', { name: /^Changed since the version of/ });
    await changes.waitFor();
    const titleChange = changes.locator('[data-change="title"]');
    await expect(titleChange.textContent()).resolves.toBe(
      `Title: this version “${title}” → now “${newTitle}”`,
    );
    await page.context().close();
  });
});
