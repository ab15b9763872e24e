import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { builtPages, currentBuildDir } from './built-site.ts';

// axe-core in Chromium on every page type, in light and dark (docs/DECISIONS.md "Quality gates"). Pages other
// work adds (/search, /kitchen-helper) are checked once their route files exist.

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();
const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the pages' Content-Security-Policy blocks inline scripts
  // it has no hash for (and DevTools evaluation is outside CSP, as an extension's would be).
  await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.map(
    (v: AxeViolation) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

const pages = builtPages(buildDir);
const firstOf = (re: RegExp) => pages.find((p) => re.test(p.path))?.path;
const paths = [
  '/',
  '/categories',
  firstOf(/^\/category\/[^/]+$/),
  // Second pages of the paged lists: previous, the numbers with the current one marked, next.
  firstOf(/^\/category\/[^/]+\/page\/2$/),
  firstOf(/^\/blog\/page\/2$/),
  firstOf(/^\/recipe\/[a-z][a-z0-9-]*$/),
  '/about-us',
  '/blog',
  firstOf(/^\/blog\/(?!category\/)[^/]+$/),
  '/no/such/page',
  '/recipe/no-such-recipe-here',
  // A newsletter link page after the API answered (here: a link that does not work).
  '/unsubscribe?token=not-a-token',
  ...['search', 'kitchen-helper']
    .filter((name) => fs.existsSync(path.join(ROOT, 'src/pages', `${name}.astro`)))
    .map((name) => `/${name}`),
].filter((p): p is string => Boolean(p));

describe.skipIf(!chromiumPath)('accessibility (axe-core)', () => {
  const browser = useBrowser();

  it.each(
    paths.flatMap(
      (p) =>
        [
          [p, 'light'],
          [p, 'dark'],
        ] as const,
    ),
  )('%s in %s mode has no violations', async (urlPath, colorScheme) => {
    const { page } = await openPage(browser(), { colorScheme });
    await page.goto(`${baseUrl}${urlPath}`, { waitUntil: 'load' });
    // Let page scripts settle (the not-found page asks the API first).
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      colorScheme === 'dark',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('the mobile menu, open, has no violations', async () => {
    const { page } = await openPage(browser(), { width: 375 });
    await page.goto(`${baseUrl}/`);
    await page.locator('details[data-menu] summary:has-text("Menu")').click();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
