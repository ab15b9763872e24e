import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, pageFetch, signUpFromPage, useBrowser } from '../helpers/browser.ts';

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
    const { page } = await openPage(browser(), { serviceWorkers: 'allow' });
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

  it('a cook’s saved recipe opens offline, scales, and list ticks made offline reach the server', async () => {
    const { page } = await openPage(browser(), { serviceWorkers: 'allow' });
    await page.goto(`${baseUrl}/recipe/andalusian-gazpacho`, { waitUntil: 'networkidle' });
    await signUpFromPage(page, 'offline');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload({ waitUntil: 'networkidle' });

    // Saved (never visited on this device): the saved list keeps its pages for offline use.
    const { body: saved } = await pageFetch<{ id: number; slug: string }>(
      page,
      'GET',
      '/api/recipes/slug/sachertorte',
    );
    expect((await pageFetch(page, 'POST', `/api/recipes/${saved.id}/save`)).status).toBeLessThan(300);
    await page.goto(`${baseUrl}/saved-recipes`, { waitUntil: 'networkidle' });
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            Boolean(await caches.match('/recipe/sachertorte/cook')) &&
            Boolean(await caches.match('/recipe/sachertorte')),
        ),
      )
      .toBe(true);

    // The shopping list gets the recipe's ingredients, online.
    const added = await pageFetch<unknown[]>(page, 'POST', '/api/shopping-list/items', {
      items: [
        { ingredient: 'dark chocolate', amount: 130, unit: 'g', recipeTitle: 'Sachertorte' },
        { ingredient: 'apricot jam', amount: 200, unit: 'g', recipeTitle: 'Sachertorte' },
        { ingredient: 'caster sugar', amount: 100, unit: 'g', recipeTitle: 'Sachertorte' },
      ],
    });
    expect(added.status).toBeLessThan(300);
    // The cook looks at the list online once: the device keeps a copy of it.
    await page.goto(`${baseUrl}/recipe/andalusian-gazpacho`, { waitUntil: 'networkidle' });
    await page.locator('[data-island="shopping-list-button"]').click();
    const onlineList = page.getByRole('dialog', { name: 'Shopping List' });
    await expect.poll(() => onlineList.locator('[data-shopping-item]').count()).toBe(3);
    await page.keyboard.press('Escape');

    await page.context().setOffline(true);
    await page.goto(`${baseUrl}/recipe/sachertorte`, { waitUntil: 'load' });
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Sachertorte');
    const calculator = page.getByRole('region', { name: 'Recipe Scaling Calculator' });
    await calculator.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));
    const servings = calculator.getByLabel('Adjust Servings');
    const original = Number(await servings.inputValue());
    await calculator.getByRole('button', { name: 'More servings' }).click();
    await expect.poll(() => servings.inputValue()).toBe(String(original + 1));

    // Ticks made offline wait on the device with the note, and reach the server once back online.
    await page.locator('[data-island="shopping-list-button"]').click();
    const list = page.getByRole('dialog', { name: 'Shopping List' });
    await list.locator('[data-shopping-item]').first().waitFor();
    await list.getByRole('checkbox').nth(0).check();
    await list.getByRole('checkbox').nth(1).check();
    await expect.poll(() => list.locator('[data-sync-status]').textContent()).toContain('will sync');
    await page.context().setOffline(false);
    await list.locator('[data-sync-status]').waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await pageFetch<{ checked: boolean }[]>(page, 'GET', '/api/shopping-list')).body.filter(
            (i) => i.checked,
          ).length,
      )
      .toBe(2);
  });
});
