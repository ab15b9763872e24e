import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, logInAsAdmin, useBrowser } from '../helpers/browser.ts';

// A blog post's views in Chromium: a reader who opens a post twice in a day counts once; a
// headless browser (a robot's tool) is not counted; the admin's Blog tab shows the count.

/** A desktop Chrome's user agent: the headless one announces itself and is not counted. */
const READER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface ListedPost {
  slug: string;
  views: number;
}

describe.skipIf(!chromiumPath)('blog post views', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  /** Opens the post and waits until its view beacon has been answered; returns the status. */
  async function readPost(page: Page, slug: string): Promise<number> {
    const beacon = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/blog/posts/${slug}/view`, {
      timeout: 15_000,
    });
    await page.goto(`${baseUrl}/blog/${slug}`, { waitUntil: 'domcontentloaded' });
    return (await beacon).status();
  }

  it('opening a post twice in a day counts once, and the dashboard shows it', async () => {
    const admin = await browser().newContext({ userAgent: READER_AGENT });
    const adminPage = await admin.newPage();
    expect(await logInAsAdmin(adminPage, baseUrl)).toBe(200);
    const viewsOf = (slug: string) =>
      adminPage.evaluate(async (slug) => {
        const res = await fetch('/api/blog/posts?limit=200', { credentials: 'include' });
        return ((await res.json()) as ListedPost[]).find((p) => p.slug === slug)!.views;
      }, slug);

    const posts = (await (await fetch(`${baseUrl}/api/blog/posts?limit=1`)).json()) as ListedPost[];
    const slug = posts[0]!.slug;
    const before = await viewsOf(slug);

    // A robot's headless browser: the beacon goes out and is not counted.
    const robot = await browser().newContext();
    await expect(readPost(await robot.newPage(), slug)).resolves.toBe(200);
    await robot.close();
    expect(await viewsOf(slug)).toBe(before);

    // A reader opens the post, and again later the same day: one view.
    const reader = await browser().newContext({ userAgent: READER_AGENT });
    await expect(readPost(await reader.newPage(), slug)).resolves.toBe(200);
    expect(await viewsOf(slug)).toBe(before + 1);
    await expect(readPost(await reader.newPage(), slug)).resolves.toBe(200);
    await reader.close();
    expect(await viewsOf(slug)).toBe(before + 1);

    await adminPage.goto(`${baseUrl}/admin#blog`, { waitUntil: 'networkidle' });
    const row = adminPage.locator(`[data-post="${slug}"]`);
    await row.waitFor();
    await expect(row.locator('[data-post-views]').getAttribute('data-post-views')).resolves.toBe(
      String(before + 1),
    );
    await expect(row.textContent()).resolves.toContain(`${before + 1} view`);
    await admin.close();
  });
});
