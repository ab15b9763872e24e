import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The admin generates one recipe in the AI Generator tab with the fake provider
// (tests/helpers/global-setup-server.ts points the server at it) and the recipe is live on the
// prebuilt site once publishing has rebuilt it. A malformed answer shows 'Generation Failed'.

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('[data-toast]', { hasText: title }).first().waitFor({ timeout: 30_000 });
}

describe.skipIf(!chromiumPath)('the AI Generator tab', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('admin generates a recipe → it is live on the site after publishing', async () => {
    const { page, errors } = await openPage(browser());
    const login = await page.context().request.post(`${baseUrl}/api/auth/login`, {
      data: { username: 'admin', password: 'admin-test-password' },
    });
    expect(login.status()).toBe(200);
    // Switched off, as a fresh site starts (other browser files may have switched it on).
    const off = await page.context().request.put(`${baseUrl}/api/generator/config`, {
      headers: { Origin: baseUrl },
      data: { isEnabled: false },
    });
    expect(off.status(), await off.text()).toBe(200);
    await page.goto(`${baseUrl}/admin#generator`, { waitUntil: 'networkidle' });
    const tab = page.getByTestId('generator-tab');
    await tab.waitFor({ timeout: 30_000 });

    // Off: the buttons are disabled and the tab says why.
    const generate = page.getByRole('button', { name: 'Generate Recipe', exact: true });
    await expect(generate.isDisabled()).resolves.toBe(true);
    await page.getByText('The generator is switched off').waitFor();
    await page.getByLabel('Generator enabled').check();
    await expect.poll(() => generate.isEnabled(), { timeout: 10_000 }).toBe(true);

    // A malformed answer: the 'Generation Failed' toast with the server's sentence.
    await page.getByLabel('Prompt (optional)').fill('[invalid-json] soup');
    await generate.click();
    await toast(page, 'Generation Failed');
    await page.getByText('The model did not answer with valid JSON.').first().waitFor();

    await page.getByLabel('Prompt (optional)').fill('Velmora Saffron Pilaf');
    await generate.click();
    await toast(page, 'Recipe Generated!');
    const link = page.getByRole('link', { name: /Last: Velmora Saffron Pilaf/ });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toBe('/recipe/velmora-saffron-pilaf');

    // Published: the prebuilt page appears once the rebuild is done.
    await expect
      .poll(async () => (await fetch(`${baseUrl}${href}`)).status, { timeout: 120_000, interval: 1000 })
      .toBe(200);
    await page.goto(`${baseUrl}${href}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Velmora Saffron Pilaf', level: 1 }).waitFor();
    const cover = await page.locator('img[src*="/api/images/"]').first().getAttribute('src');
    expect(cover).toMatch(/\/api\/images\/[0-9a-f]{32}\/\d+\.webp/);

    // The log lists both attempts.
    await page.goto(`${baseUrl}/admin#generator`, { waitUntil: 'networkidle' });
    await page.getByTestId('generator-today').waitFor();
    await page.getByRole('link', { name: 'Velmora Saffron Pilaf' }).first().waitFor();
    expect(errors.filter((e) => !/status of (401|502)/.test(e))).toEqual([]);
  });
});
