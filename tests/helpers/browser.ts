import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import { REQUIRED } from './paths.ts';

export { chromiumPath };

if (!chromiumPath) {
  if (REQUIRED)
    throw new Error(
      'No Chromium found: under CI the browser suite is required (.ci/run installs it with apt-get).',
    );
  console.log('browser: no Chromium found (apt-get install -y chromium), so the browser tests are skipped.');
}

/** A browser for the file's tests (fresh profile); pages collect console errors. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!chromiumPath) return;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...CHROMIUM_FLAGS],
      headless: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running.');
    return browser;
  };
}

/** Opens a page that records console errors and failed requests into `errors`. */
export async function openPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; width?: number; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    // The site's service worker answers requests before page.route() sees them, so tests that
    // hold back or count requests would wait forever: it runs only where a test asks for it.
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}
