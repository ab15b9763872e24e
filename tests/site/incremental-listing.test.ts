import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import { builtPages, currentBuildDir } from './built-site.ts';

// Publishing an edit re-renders only the category pages it touches.
// Astro's incremental build writes a page into its cache (<builds>/astro-cache/dist/…) when it
// renders it and copies the cached file when the page's cacheKey is unchanged; so a cached
// file whose modification time moved across a publish was rendered by that publish.

const baseUrl = inject('baseUrl');
const cacheDir = path.join(inject('buildsDir'), 'astro-cache', 'dist');
const ADMIN = { username: 'admin', password: 'admin-test-password' };
const CATEGORY_PAGE = 24;

const isCategoryPage = (p: string) => /^\/category\/[^/]+(\/page\/\d+)?$/.test(p);

/** When Astro last rendered each category page (its cache copy's mtime). */
function renderTimes(): Map<string, number> {
  const times = new Map<string, number>();
  for (const page of builtPages(currentBuildDir()).filter((p) => isCategoryPage(p.path))) {
    const file = path.join(cacheDir, page.path, 'index.html');
    times.set(page.path, fs.statSync(file).mtimeMs);
  }
  return times;
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Saves a recipe as the admin form does and waits until the publish it starts is live. */
async function saveAndPublish(cookie: string, recipe: Recipe): Promise<void> {
  const started = Date.now();
  const res = await fetch(`${baseUrl}/api/recipes/${recipe.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
    // The form sends no empty optional fields (the API answers them as null).
    body: JSON.stringify(Object.fromEntries(Object.entries(recipe).filter(([, v]) => v !== null))),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await expect
    .poll(
      async () => {
        const status = (await (
          await fetch(`${baseUrl}/api/admin/publish/status`, { headers: { Cookie: cookie } })
        ).json()) as { state: string; liveAt: string | null; error: string | null };
        if (status.state === 'failed') throw new Error(`The publish failed: ${status.error}`);
        return status.state === 'live' && status.liveAt !== null && Date.parse(status.liveAt) > started;
      },
      { timeout: 240_000, interval: 1000 },
    )
    .toBe(true);
}

describe('publishing an edit re-renders only the category pages it touches', () => {
  it('a new title for a recipe on Main Course page 2 re-renders that page and no other category page', async () => {
    const cookie = await adminCookie();
    const inCategory = (await (
      await fetch(`${baseUrl}/api/recipes/category/main-course?limit=200`)
    ).json()) as Recipe[];
    expect(inCategory.length).toBeGreaterThan(2 * CATEGORY_PAGE);
    const recipe = inCategory[CATEGORY_PAGE + 3]!;
    // A publish an earlier file started may still be building: wait until the site is live, so
    // the pages it re-renders are not taken for this edit's.
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${baseUrl}/api/admin/publish/status`, { headers: { Cookie: cookie } })
            ).json()) as { state: string }
          ).state,
        { timeout: 240_000, interval: 1000 },
      )
      .toBe('live');
    const before = renderTimes();
    expect(before.size).toBeGreaterThan(10);

    const edited = { ...recipe, title: `${recipe.title} (Revised)` };
    try {
      await saveAndPublish(cookie, edited);
      const after = renderTimes();
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      const rendered = [...after].filter(([p, t]) => t !== before.get(p)).map(([p]) => p);
      expect(rendered).toEqual(['/category/main-course/page/2']);
      const page2 = fs.readFileSync(
        path.join(currentBuildDir(), 'category', 'main-course', 'page', '2', 'index.html'),
        'utf8',
      );
      expect(page2).toContain(`${recipe.title} (Revised)`);
    } finally {
      // Leave the catalogue as the other suites expect it.
      await saveAndPublish(cookie, recipe);
    }
    // Two publishes, each an incremental build: minutes on a busy 2-core machine.
  }, 600_000);
});
