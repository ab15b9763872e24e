import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { builtPages, gzipSize, headOf, javascriptBytesOf, scriptsOf, stylesheetsOf, type BuiltPage } from './built-site.ts';

// Byte budgets per page type on the built site (DESIGN.md §9): gzip sizes of the HTML, the CSS
// it links and the JavaScript it runs, and no render-blocking script.

const buildDir = inject('buildDir');
const KB = 1024;
/** Issue 4: recipe page HTML ≤ 30 KB, CSS ≤ 20 KB, JS ≤ 80 KB (gzip); the same limits hold for every type. */
const BUDGET = { html: 30 * KB, css: 20 * KB, js: 80 * KB };

const PAGE_TYPES: [string, RegExp][] = [
  ['home', /^\/$/],
  ['recipes', /^\/recipes$/],
  ['recipe', /^\/recipe\/[a-z][a-z0-9-]*$/],
  ['recipe by id', /^\/recipe-id\/\d+$/],
  ['categories', /^\/categories$/],
  ['category', /^\/category\/[^/]+$/],
  ['static page', /^\/(about-us|contact-us|privacy-policy|terms-of-service)$/],
  ['blog', /^\/blog$/],
  ['blog post', /^\/blog\/(?!category\/)[^/]+$/],
  ['blog category', /^\/blog\/category\/[^/]+$/],
  ['not found', /^\/404$/],
];

const pages = builtPages(buildDir);

function sizes(page: BuiltPage): { html: number; css: number; js: number } {
  const css = stylesheetsOf(page.html).reduce((sum, href) => sum + gzipSize(fs.readFileSync(path.join(buildDir, href))), 0);
  return { html: gzipSize(page.html), css, js: javascriptBytesOf(buildDir, page.html).gzip };
}

describe('byte budgets', () => {
  it.each(PAGE_TYPES)('%s pages stay within budget', (_type, pattern) => {
    const ofType = pages.filter((p) => pattern.test(p.path));
    expect(ofType.length).toBeGreaterThan(0);
    for (const page of ofType) {
      const size = sizes(page);
      expect(size.html, `${page.path} HTML`).toBeLessThanOrEqual(BUDGET.html);
      expect(size.css, `${page.path} CSS`).toBeLessThanOrEqual(BUDGET.css);
      expect(size.js, `${page.path} JS`).toBeLessThanOrEqual(BUDGET.js);
    }
  });

  it('no page has a render-blocking script', () => {
    for (const page of pages) {
      const { tags } = scriptsOf(headOf(page.html));
      for (const attrs of tags) {
        const external = /\bsrc=/.test(attrs);
        // An external classic script in <head> blocks rendering; inline ones are the tiny theme switch.
        if (external) expect(attrs, page.path).toMatch(/type="module"|\basync\b|\bdefer\b/);
      }
      const inlineHead = scriptsOf(headOf(page.html)).inline.join('');
      expect(inlineHead.length, `${page.path} inline head script`).toBeLessThan(4000);
    }
  });
});
