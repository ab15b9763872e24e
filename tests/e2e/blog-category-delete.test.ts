import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// Deleting a blog category that posts use asks first and says how many posts lose it; restoring
// it from the trash links those posts back to it.

const ADMIN_PASSWORD = 'admin-test-password';

/** A same-origin JSON call from the page, with its cookie. */
async function callFromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

describe.skipIf(!chromiumPath)('deleting a blog category in the dashboard', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('says how many posts lose the category, and the trash puts them back', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    const login = await callFromPage(page, 'POST', '/api/auth/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);

    const tag = Date.now().toString(36);
    const category = await callFromPage(page, 'POST', '/api/blog/categories', {
      name: `Ferments ${tag}`,
      slug: `ferments-${tag}`,
      description: '',
    });
    expect(category.status).toBe(201);
    const postIds: number[] = [];
    for (const n of [1, 2, 3]) {
      const post = await callFromPage(page, 'POST', '/api/blog/posts', {
        title: `Ferment note ${n} ${tag}`,
        slug: `ferment-note-${n}-${tag}`,
        content: 'Salt, time and patience.',
        excerpt: '',
        image: '',
        categoryId: category.body.id,
      });
      expect(post.status).toBe(201);
      postIds.push(post.body.id as number);
    }

    await page.goto(`${baseUrl}/admin#blog`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Blog', selected: true }).waitFor();
    await page.getByRole('button', { name: `Delete Ferments ${tag}` }).click();
    const question = page.locator('dialog[data-dialog="confirm"]');
    await question.waitFor({ state: 'visible' });
    await expect(question.textContent()).resolves.toContain('3 posts will lose this category');
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('[data-toast]', { hasText: 'Category deleted.' }).first().waitFor();

    const categoryOf = async () => {
      const list = await callFromPage(page, 'GET', '/api/blog/posts?limit=200');
      const all = list.body as unknown as { id: number; categoryId: number | null }[];
      return postIds.map((id) => all.find((p) => p.id === id)?.categoryId);
    };
    await expect(categoryOf()).resolves.toEqual([null, null, null]);

    const trash = await callFromPage(page, 'GET', '/api/admin/trash');
    const entry = (trash.body as unknown as { id: number; entity: string; entityId: number }[]).find(
      (t) => t.entity === 'blog-category' && t.entityId === category.body.id,
    );
    expect(entry).toBeDefined();
    const restored = await callFromPage(page, 'POST', `/api/admin/trash/${entry!.id}/restore`);
    expect(restored.status).toBe(200);
    const id = category.body.id as number;
    await expect(categoryOf()).resolves.toEqual([id, id, id]);
    await page.context().close();
  });
});
