import type { Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The Cache tab's database panel as the admin sees it in Chromium: every table
// with its rows and size (the server's figures), and "Apply indexes" answering with a toast and
// reading the figures again.

interface DatabaseStats {
  tables: { name: string; rows: number; sizeMB: number }[];
  totalSizeMB: number;
}

const isTableStats = (r: Response) =>
  r.url().endsWith('/api/admin/database/stats') && r.request().method() === 'GET';

describe.skipIf(!chromiumPath)('the Cache tab: database panel', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('shows each table’s rows and size, and applies indexes with a toast and fresh figures', async () => {
    const { page, errors } = await openPage(browser());
    const login = await page.context().request.post(`${baseUrl}/api/auth/login`, {
      data: { username: 'admin', password: 'admin-test-password' },
    });
    expect(login.status()).toBe(200);

    const first = page.waitForResponse(isTableStats);
    await page.goto(`${baseUrl}/admin#cache`, { waitUntil: 'load' });
    const stats = (await (await first).json()) as DatabaseStats;
    const table = page.locator('[data-database-tables]');
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim())),
      );
    expect(rows).toEqual(stats.tables.map((t) => [t.name, t.rows.toLocaleString('en-US'), `${t.sizeMB} MB`]));
    expect(rows.find((r) => r[0] === 'recipes')?.[1]).toMatch(/^[1-9][\d,]*$/);
    await expect(table.locator('caption').textContent()).resolves.toBe(
      `${stats.tables.length} tables, ${stats.totalSizeMB} MB in all`,
    );

    const again = page.waitForResponse(isTableStats);
    await page.getByRole('button', { name: 'Apply indexes' }).click();
    await page
      .locator('[data-toast]', { hasText: /Indexes applied: 0 created, \d+ already there\./ })
      .first()
      .waitFor();
    expect((await again).status()).toBe(200);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
