import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The service worker and the web app manifest: the site is installable (a manifest with PNG
// icons, the worker served as JavaScript without long caching); a page opened online opens and
// works (its islands scale the recipe) with the network off; a page never opened shows the
// offline page listing what is available.

describe.skipIf(!chromiumPath)('offline in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('serves the manifest with its icons and the worker without long caching', async () => {
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const body = (await manifest.json()) as {
      icons: { src: string; sizes: string; type: string }[];
      display: string;
    };
    expect(body.display).toBe('standalone');
    expect(body.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of body.icons) {
      const res = await fetch(`${baseUrl}${icon.src}`);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
    expect(worker.headers.get('cache-control')).toMatch(/max-age=0|no-cache/);
    expect(await worker.text()).toContain('offline/index.html');
  });

  it('opens a page seen online with the network off, and the offline page for one never seen', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/beef-bourguignon`, { waitUntil: 'networkidle' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Controlled from here: this load goes through the worker, which keeps the page and its assets.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await page.context().setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Beef Bourguignon');
    // The islands run offline: the scaler doubles the amounts.
    const calculator = page.getByRole('region', { name: 'Recipe Scaling Calculator' });
    await calculator.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));
    const servings = calculator.getByLabel('Adjust Servings');
    await servings.fill('12');
    await servings.press('Enter');
    await expect
      .poll(() => page.locator('[data-ingredient-list] [data-ingredient]').allTextContents())
      .toContain('3 kg beef chuck, cut into 5 cm chunks');

    await page.goto(`${baseUrl}/category/desserts`, { waitUntil: 'load' });
    await expect(page.locator('h1').textContent()).resolves.toBe('You are offline');
    await expect
      .poll(() => page.locator('[data-offline-pages] a').allTextContents())
      .toContain('Beef Bourguignon');

    await page.context().setOffline(false);
    await page.goto(`${baseUrl}/category/desserts`, { waitUntil: 'load' });
    await expect(page.locator('h1').textContent()).resolves.toContain('Desserts');
  });
});
