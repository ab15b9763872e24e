import { stripTypeScriptTypes } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';

// On the running site: the admin's settings reach the prebuilt pages after the
// publish they trigger (reviews form, newsletter forms, names, footer, legal links, analytics),
// and the analytics loader runs only when switched on with an id. Nothing here leaves the machine: gtag.js is
// answered by a stub through route interception.

const ADMIN = { username: 'admin', password: 'admin-test-password' };
const GTAG = /^https:\/\/www\.googletagmanager\.com\/gtag\/js/;
const SESSION_CHECK_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';

type Settings = Record<string, unknown>;

/** Answers gtag.js requests with a stub and counts them. */
async function stubGtag(page: Page): Promise<() => string[]> {
  const asked: string[] = [];
  await page.route(GTAG, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagLoaded = true;' });
  });
  return () => asked;
}

const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((args) => [...args])
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => (args[2] as { page_path: string }).page_path),
  );

describe.skipIf(!chromiumPath)('site settings reach the pages', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

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

  async function putSettings(cookie: string, settings: Settings): Promise<void> {
    const started = Date.now();
    const res = await fetch(`${baseUrl}/api/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify(settings),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // The save requests a site-wide publish: wait until a build finished after it.
    await expect
      .poll(
        async () => {
          const status = (await (
            await fetch(`${baseUrl}/api/admin/publish/status`, { headers: { Cookie: cookie } })
          ).json()) as { state: string; liveAt: string | null; error: string | null };
          if (status.state === 'failed') throw new Error(`The publish failed: ${status.error}`);
          return status.state === 'live' && status.liveAt !== null && Date.parse(status.liveAt) > started;
        },
        { timeout: 180_000, interval: 1000 },
      )
      .toBe(true);
  }

  it('comments, newsletter, names, footer, legal links and analytics follow the settings', async () => {
    const cookie = await adminCookie();
    const { updatedAt: _updatedAt, ...original } = (await (
      await fetch(`${baseUrl}/api/settings`, { headers: { Cookie: cookie } })
    ).json()) as Settings;
    const recipes = (await (await fetch(`${baseUrl}/api/recipes?limit=1`)).json()) as { slug: string }[];
    const slug = recipes[0]!.slug;

    // Defaults first: reviews form, newsletter, no analytics loader, legal links to the pages.
    {
      const { page } = await openPage(browser());
      const gtag = await stubGtag(page);
      await page.goto(`${baseUrl}/recipe/${slug}`, { waitUntil: 'networkidle' });
      await expect(page.locator('[data-analytics-id]').count()).resolves.toBe(0);
      // The recipe page's card and the footer's row.
      await expect(page.locator('form[data-newsletter-form]').count()).resolves.toBe(2);
      await expect(page.locator('footer [data-footer-privacy]').getAttribute('href')).resolves.toBe(
        '/privacy-policy',
      );
      await page.locator('#reviews').scrollIntoViewIfNeeded();
      await page.getByText('Please log in to write a review').waitFor();
      expect(gtag()).toEqual([]);
      await page.context().close();
    }

    const changed: Settings = {
      ...original,
      siteName: 'Test Kitchen',
      siteTitle: 'Test Kitchen — tried and tested',
      enableComments: false,
      enableNewsletter: false,
      enableAnalytics: true,
      analyticsId: 'G-TEST12345',
      footerText: 'Cooked with care in a test kitchen.',
      privacyLink: '/about-us',
      termsLink: '/contact-us',
    };
    await putSettings(cookie, changed);
    try {
      const { page, errors } = await openPage(browser());
      const gtag = await stubGtag(page);
      await page.goto(`${baseUrl}/recipe/${slug}`, { waitUntil: 'networkidle' });
      await expect(page.title()).resolves.toMatch(/ \| Test Kitchen$/);
      await expect(page.locator('meta[property="og:site_name"]').getAttribute('content')).resolves.toBe(
        'Test Kitchen',
      );
      await expect(page.locator('form[data-newsletter-form]').count()).resolves.toBe(0);
      await expect(page.locator('footer [data-footer-text]').textContent()).resolves.toBe(
        'Cooked with care in a test kitchen.',
      );
      await expect(page.locator('footer [data-footer-privacy]').getAttribute('href')).resolves.toBe(
        '/about-us',
      );
      await expect(page.locator('footer [data-footer-terms]').getAttribute('href')).resolves.toBe(
        '/contact-us',
      );
      await page.locator('#reviews').scrollIntoViewIfNeeded();
      await page.locator('[data-reviews-closed]').waitFor();
      await expect(page.getByText('Please log in to write a review').count()).resolves.toBe(0);
      // Analytics: gtag.js asked for with the id, one page view for this path.
      await expect.poll(() => gtag().length).toBe(1);
      expect(new URL(gtag()[0]!).searchParams.get('id')).toBe('G-TEST12345');
      await expect.poll(() => pageViews(page)).toEqual([`/recipe/${slug}`]);
      expect(errors.filter((e) => e !== SESSION_CHECK_401)).toEqual([]);
      await page.context().close();

      const home = await openPage(browser());
      await home.page.goto(baseUrl, { waitUntil: 'domcontentloaded' });
      await expect(home.page.title()).resolves.toBe('Test Kitchen — tried and tested');
      await home.page.context().close();
    } finally {
      await putSettings(cookie, original);
    }
  }, 420_000);

  it('the loader: a G- id loads gtag.js and reports again on a return from the back-forward cache; anything else only warns', async () => {
    const source = stripTypeScriptTypes(
      fs.readFileSync(path.join(ROOT, 'src/components/scripts/analytics.ts'), 'utf8'),
    );
    // The page's own policy lets in only the scripts it was built with; this one is added by the test.
    const context = await browser().newContext({ bypassCSP: true });
    const page = await context.newPage();
    const gtag = await stubGtag(page);
    const warnings: string[] = [];
    page.on('console', (msg) => msg.type() === 'warning' && warnings.push(msg.text()));
    await page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    await page.addScriptTag({
      type: 'module',
      content: `${source}\nwindow.startAnalytics = startAnalytics;`,
    });
    const start = (id: string) =>
      page.evaluate(
        (id) => (window as unknown as { startAnalytics: (id: string) => boolean }).startAnalytics(id),
        id,
      );

    for (const id of ['', 'UA-12345-1', 'GTM-ABC123', 'G-']) {
      await expect(start(id)).resolves.toBe(false);
    }
    expect(warnings).toHaveLength(4);
    expect(warnings[1]).toContain('"UA-12345-1" is not a Google Analytics 4 measurement id');
    await page.waitForTimeout(200);
    expect(gtag()).toEqual([]);
    await expect(page.evaluate(() => 'dataLayer' in window)).resolves.toBe(false);

    await expect(start('G-ABC123')).resolves.toBe(true);
    await expect.poll(() => gtag().length).toBe(1);
    await expect.poll(() => pageViews(page)).toEqual(['/about-us']);
    // A return from the back-forward cache is a pageshow with persisted set: one more view.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await page.evaluate(() =>
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })),
    );
    await expect.poll(() => pageViews(page)).toEqual(['/about-us', '/about-us']);
    await context.close();
  });
});
