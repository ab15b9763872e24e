import { describe, expect, inject, it } from 'vitest';
import { builtPages, canonicalOf, isNoindex, isRedirectStub } from './built-site.ts';

// /sitemap.xml lists every public, indexable page of the build (its own canonical URL, no
// noindex) with a lastmod, and nothing that is not a page.

const baseUrl = inject('baseUrl');
const buildDir = inject('buildDir');

/** Screens that are not search-engine pages: private, alternate addresses or tools for one recipe. */
const NOT_IN_SITEMAP = [
  /^\/404$/,
  /^\/admin/,
  /^\/saved-recipes$/,
  /^\/recipe-id\//,
  /^\/recipe\/[^/]+\/cook$/,
];

describe('sitemap', async () => {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  const xml = await response.text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map(
    (m) => ({ loc: m[1] ?? '', lastmod: m[2] ?? '' }),
  );
  const listed = new Set(entries.map((e) => new URL(e.loc).pathname));

  it('is served as XML with absolute URLs on the site origin and ISO dates', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('xml');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(entries.length).toBeGreaterThan(100);
    for (const e of entries) {
      expect(e.loc.startsWith(`${baseUrl}/`)).toBe(true);
      expect(e.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(listed.size).toBe(entries.length);
  });

  it('lists every indexable page of the build', () => {
    const missing: string[] = [];
    for (const page of builtPages(buildDir)) {
      if (
        NOT_IN_SITEMAP.some((re) => re.test(page.path)) ||
        isRedirectStub(page.html) ||
        isNoindex(page.html)
      )
        continue;
      if (canonicalOf(page.html) !== new URL(page.path, baseUrl).toString()) continue;
      if (!listed.has(page.path)) missing.push(page.path);
    }
    expect(missing).toEqual([]);
  });

  it('lists only pages that exist and are their own canonical', () => {
    const pages = new Map(builtPages(buildDir).map((p) => [p.path, p]));
    for (const path of listed) {
      const page = pages.get(path);
      expect(page, path).toBeDefined();
      expect(isNoindex(page!.html), path).toBe(false);
      expect(canonicalOf(page!.html), path).toBe(new URL(path, baseUrl).toString());
    }
  });
});
