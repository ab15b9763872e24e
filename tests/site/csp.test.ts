import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { builtPages, currentBuildDir } from './built-site.ts';
import { cspHash } from '../../src/integrations/finish-pages.ts';

// Content-Security-Policy: every page carries a policy that allows scripts only
// from our origin or by hash, and Chromium reports no violation on any page type.

// The page's inline scripts and styles, found by regular expression here (the build finds them with
// byte searches, src/integrations/finish-pages.ts): two ways to one answer.
function inlineScriptBodies(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => {
      const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
      return !/\bsrc\s*=/.test(attrs) && (!type || type === 'module' || type === 'text/javascript');
    })
    .map((m) => m[2] ?? '');
}
const inlineStyleBodies = (html: string) =>
  [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();
const pages = builtPages(buildDir);
const firstOf = (re: RegExp) => pages.find((p) => re.test(p.path))?.path;

function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
  const policy = new Map<string, string[]>();
  for (const part of content.replace(/&#39;/g, "'").split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name, sources);
  }
  return policy;
}

describe('the built pages carry a Content-Security-Policy', () => {
  it.each(pages.map((p) => [p.path, p] as const))('%s', (_path, page) => {
    const policy = policyOf(page.html);
    const scriptSrc = policy.get('script-src') ?? [];
    expect(scriptSrc, 'script-src').toContain("'self'");
    expect(scriptSrc.filter((s) => /unsafe-inline|unsafe-eval|^\*$|^https?:$|^data:$/.test(s))).toEqual([]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // The policy governs only what follows it: first in <head>, after the charset.
    expect(page.html).toMatch(
      /^<!DOCTYPE html><html[^>]*><head><meta charset="utf-8"><meta http-equiv="content-security-policy"/i,
    );
    for (const body of inlineScriptBodies(page.html)) expect(scriptSrc).toContain(cspHash(body));
    const styleSrc = policy.get('style-src') ?? [];
    for (const body of inlineStyleBodies(page.html)) expect(styleSrc).toContain(cspHash(body));
  });
});

const adminExists =
  fs.existsSync(path.join(ROOT, 'src/pages/admin.astro')) ||
  fs.existsSync(path.join(ROOT, 'src/pages/admin/index.astro'));

const pageTypes: [string, string | undefined][] = [
  ['home', '/'],
  ['recipe', firstOf(/^\/recipe\/[a-z][a-z0-9-]*$/)],
  ['recipe by id (redirect stub)', firstOf(/^\/recipe-id\/\d+$/)],
  ['cooking mode', firstOf(/^\/recipe\/[a-z][a-z0-9-]*\/cook$/)],
  ['categories', '/categories'],
  ['category', firstOf(/^\/category\/[^/]+$/)],
  ['blog', '/blog'],
  ['blog post', firstOf(/^\/blog\/(?!category\/)[^/]+$/)],
  ['static page', '/about-us'],
  ['search', '/search?q=chicken'],
  ['saved recipes', '/saved-recipes'],
  ['kitchen helper', '/kitchen-helper'],
  ['not found', '/no/such/page'],
  ['recipe not built yet', '/recipe/no-such-recipe-here'],
  ...(adminExists ? ([['admin (signed in)', '/admin']] as [string, string][]) : []),
];

describe.skipIf(!chromiumPath)('Chromium reports no CSP violation', () => {
  const browser = useBrowser();

  it.each(pageTypes.filter((t): t is [string, string] => Boolean(t[1])))('%s (%s)', async (name, urlPath) => {
    const { page } = await openPage(browser());
    const reports: string[] = [];
    page.on('console', (msg) => {
      if (/Content[ -]Security[ -]Policy/i.test(msg.text())) reports.push(msg.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(
          `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        ),
      );
    });
    if (name.startsWith('admin')) {
      const login = await page.request.post(`${baseUrl}/api/auth/login`, {
        data: { username: 'admin', password: 'admin-test-password' },
        headers: { Origin: baseUrl },
      });
      expect(login.status(), 'admin login').toBe(200);
    }
    await page.goto(`${baseUrl}${urlPath}`, { waitUntil: 'load' });
    // Scroll through the page so client:visible islands hydrate, then let the network settle.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    await page.context().close();
    expect([...violations, ...reports]).toEqual([]);
  });

  it('blocks an injected inline script (the policy is enforced and the check is live)', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violation: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) =>
            resolve({ ran: 'injected' in window, violation: e.violatedDirective }),
          );
          const script = document.createElement('script');
          script.textContent = 'window.injected = true';
          document.body.append(script);
        }),
    );
    await page.context().close();
    expect(outcome).toEqual({ ran: false, violation: 'script-src-elem' });
  });
});
