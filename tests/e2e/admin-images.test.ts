import type { Page, Request as PageRequest, Response } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';

// The Cache tab's "Remove unused images", as the admin does it in Chromium: an upload
// no content refers to shows in the image figures; Cancel in the question removes nothing;
// Remove does, with the counts the server answered in the toast and fresh figures; the orphan's
// address then answers 404 while an upload a recipe shows still answers 200. The browser
// server counts an unreferenced upload as unused after 5 s instead of a day
// (tests/helpers/global-setup-server.ts). The recipe is deleted again at the end, and the test
// waits for that publish. A visitor's 401 is checked here; both refusals (visitor, cook) are in
// tests/api/image-cleanup.test.ts.

/** A build of the whole site on a loaded 2-core machine can take a while (as in admin.test.ts). */
const PUBLISH_TIMEOUT_MS = 240_000;

interface ImageStats {
  totalUsed: number;
  localImages: number;
  storedImages: number;
  totalSizeMB: number;
  unusedImages: number;
  unusedSizeMB: number;
  unusedGraceSeconds: number;
}

interface Uploaded {
  url: string;
  key: string;
}

/** A JPEG of noise: a unique picture (content-addressed key) of a few hundred KB. */
function noisePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1000,
      height: 700,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** POST /api/admin/images/upload from the page, as the admin's image field sends it. */
async function upload(page: Page, name: string, bytes: Buffer): Promise<Uploaded> {
  const answer = await page.evaluate(
    async ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const body = new FormData();
      body.set('image', new File([data], name, { type: 'image/jpeg' }));
      body.set('use', 'recipe');
      const res = await fetch('/api/admin/images/upload', { method: 'POST', body });
      return { status: res.status, body: (await res.json()) as Uploaded };
    },
    { name, base64: bytes.toString('base64') },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The image figures as the Cache tab shows them, by label. */
async function figures(page: Page): Promise<Record<string, string>> {
  return page.locator('[data-image-stats]').evaluate((dl) => {
    const out: Record<string, string> = {};
    for (const dt of dl.querySelectorAll('dt'))
      out[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
    return out;
  });
}

/** What the tab should show for these stats. */
function expectedFigures(s: ImageStats, unusedLabel: string): Record<string, string> {
  return {
    'Images in use': String(s.totalUsed),
    'Served from this site': String(s.localImages),
    'Remote (temporary)': String(s.totalUsed - s.localImages),
    'Stored size': `${s.totalSizeMB} MB`,
    [unusedLabel]: `${s.unusedImages} (${s.unusedSizeMB} MB)`,
  };
}

const isStats = (r: Response) =>
  r.url().endsWith('/api/admin/images/stats') && r.request().method() === 'GET';
const isRemoval = (r: { url: () => string }) => r.url().endsWith('/api/admin/images/remove-unused');

describe.skipIf(!chromiumPath)('the Cache tab: remove unused images', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');
  const status = async (url: string, init?: RequestInit) => (await fetch(`${baseUrl}${url}`, init)).status;

  it(
    'an orphan upload is counted, kept on Cancel, removed on Remove (404) while a recipe’s image stays (200)',
    { timeout: 420_000 },
    async () => {
      const { page, errors } = await openPage(browser());
      const login = await page.context().request.post(`${baseUrl}/api/auth/login`, {
        data: { username: 'admin', password: 'admin-test-password' },
      });
      expect(login.status()).toBe(200);
      const stats = async () => {
        const res = await page.context().request.get(`${baseUrl}/api/admin/images/stats`);
        expect(res.status()).toBe(200);
        return (await res.json()) as ImageStats;
      };

      await page.goto(`${baseUrl}/admin#cache`, { waitUntil: 'load' });
      await page.locator('[data-image-stats]').waitFor({ timeout: 30_000 });
      const before = await stats();
      // The server's grace period (5 s on the test server), and the label that names it.
      expect(before.unusedGraceSeconds).toBe(5);
      const unusedLabel = 'Unused (over 5 seconds old)';

      // Two uploads through the admin's upload route: one a new recipe shows, one nothing refers to.
      const stamp = Date.now().toString(36);
      const kept = await upload(page, `kept-${stamp}.jpg`, await noisePhoto());
      const orphan = await upload(page, `orphan-${stamp}.jpg`, await noisePhoto());
      expect(orphan.key).not.toBe(kept.key);
      const created = await page.evaluate(
        async (input) => {
          const res = await fetch('/api/recipes', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(input),
          });
          return { status: res.status, body: (await res.json()) as { id: number } };
        },
        // Desserts, not Main Course: tests/site/pagination.test.ts counts Main Course's recipes.
        validRecipeInput({ title: `Unused Image Check ${stamp}`, category: 'desserts', image: kept.url }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      for (const url of [kept.url, orphan.url]) expect(await status(url)).toBe(200);

      // Once the orphan is past the grace period the server counts it; the tab shows the figures
      // it reads (the panel polls every 30 s; a reload reads them at once).
      await expect
        .poll(async () => (await stats()).unusedImages, { timeout: 30_000, interval: 500 })
        .toBeGreaterThanOrEqual(before.unusedImages + 1);
      const shown = page.waitForResponse(isStats);
      await page.reload({ waitUntil: 'load' });
      const counted = (await (await shown).json()) as ImageStats;
      expect(counted.storedImages).toBe(before.storedImages + 2);
      expect(counted.totalUsed).toBe(before.totalUsed + 1);
      expect(counted.localImages).toBe(before.localImages + 1);
      expect(counted.unusedImages).toBe(before.unusedImages + 1);
      expect(counted.unusedSizeMB).toBeGreaterThan(before.unusedSizeMB);
      expect(counted.totalSizeMB).toBeGreaterThan(before.totalSizeMB);
      await page.locator('[data-image-stats]').waitFor();
      await expect(figures(page)).resolves.toEqual(expectedFigures(counted, unusedLabel));

      // The question first; Cancel sends nothing and keeps the image.
      const removals: string[] = [];
      page.on('request', (r) => {
        if (isRemoval(r)) removals.push(r.method());
      });
      const button = page.getByRole('button', { name: 'Remove unused images', exact: true });
      const question = page.getByRole('dialog', { name: 'Remove unused images' });
      await button.click();
      await question.waitFor();
      await expect(question.textContent()).resolves.toContain(
        'uploaded more than 5 seconds ago? This cannot be undone.',
      );
      // The safe answer has the focus.
      await expect(
        question.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement),
      ).resolves.toBe(true);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(removals).toEqual([]);
      expect(await status(orphan.url)).toBe(200);
      expect((await stats()).unusedImages).toBe(counted.unusedImages);
      await expect(figures(page)).resolves.toEqual(expectedFigures(counted, unusedLabel));

      // Remove: the server's counts in the toast, then the figures read again.
      await button.click();
      await question.waitFor();
      let removalAnswered = false;
      const removal = page.waitForResponse((r) => {
        removalAnswered ||= isRemoval(r) && r.request().method() === 'POST';
        return removalAnswered;
      });
      // The figures the tab asks for after the removal (not a poll that happened to be under way).
      const asked = new Set<PageRequest>();
      page.on('request', (r) => {
        if (removalAnswered) asked.add(r);
      });
      const refreshed = page.waitForResponse((r) => asked.has(r.request()) && isStats(r));
      await question.getByRole('button', { name: 'Remove', exact: true }).click();
      const answer = await removal;
      expect(answer.status()).toBe(200);
      const removed = (await answer.json()) as {
        removedImages: number;
        removedFiles: number;
        freedMB: number;
      };
      expect(removed.removedImages).toBe(counted.unusedImages);
      expect(removed.removedFiles).toBeGreaterThanOrEqual(removed.removedImages);
      expect(removed.freedMB).toBeGreaterThan(0);
      await question.waitFor({ state: 'hidden' });
      const toast = page.locator('[data-toast]', { hasText: 'Unused Images Removed' }).first();
      await toast.waitFor();
      const images = removed.removedImages === 1 ? 'image' : 'images';
      await expect(toast.textContent()).resolves.toContain(
        `${removed.removedImages} ${images} removed (${removed.freedMB} MB).`,
      );
      const after = (await (await refreshed).json()) as ImageStats;
      expect(after.unusedImages).toBe(0);
      expect(after.storedImages).toBe(counted.storedImages - removed.removedImages);
      expect(after.totalUsed).toBe(counted.totalUsed);
      await expect
        .poll(() => figures(page), { timeout: 10_000 })
        .toEqual(expectedFigures(after, unusedLabel));
      expect(removals).toEqual(['POST']);

      // Over HTTP: the orphan is gone at both sizes, the recipe's image is still served.
      for (const width of [1200, 600]) {
        expect(await status(`/api/images/${orphan.key}/${width}.webp`)).toBe(404);
        expect(await status(`/api/images/${kept.key}/${width}.webp`)).toBe(200);
      }

      // A visitor may not run it (and removes nothing).
      expect(await status('/api/admin/images/remove-unused', { method: 'POST' })).toBe(401);
      expect(await status(kept.url)).toBe(200);

      // Leave the catalogue as it was: the recipe goes to the trash (which keeps its image in use),
      // and the files that compare the built site with the API (tests/site) find them agreeing
      // again once that publish is live.
      const deleted = await page.evaluate(
        async (id) => (await fetch(`/api/recipes/${id}`, { method: 'DELETE' })).status,
        created.body.id,
      );
      expect(deleted).toBe(200);
      await expect
        .poll(
          async () => {
            const res = await page.context().request.get(`${baseUrl}/api/admin/publish/status`);
            return ((await res.json()) as { state: string }).state;
          },
          { timeout: PUBLISH_TIMEOUT_MS, interval: 1000 },
        )
        .toBe('live');
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
