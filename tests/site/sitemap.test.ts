import { describe, expect, inject, it } from 'vitest';
import { builtPages, canonicalOf, isNoindex, isRedirectStub, currentBuildDir } from './built-site.ts';

// /sitemap.xml lists every public, indexable page of the build (its own canonical URL, no
// noindex) with a lastmod, and nothing that is not a page.

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();

/** Screens that are not search-engine pages: private, alternate addresses or tools for one recipe. */
const NOT_IN_SITEMAP = [
  /^\/404$/,
  /^\/admin/,
  /^\/saved-recipes$/,
  /^\/recipe-id\//,
  /^\/recipe\/[^/]+\/cook$/,
];

describe('sitemap', async () => {
  // /sitemap.xml is an index of the files that list the pages (recipes in files of ≤ 50,000 URLs).
  const indexResponse = await fetch(`${baseUrl}/sitemap.xml`);
  const index = await indexResponse.text();
  const files = [
    ...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g),
  ].map((m) => ({ loc: m[1] ?? '', lastmod: m[2] ?? '' }));
  const children = await Promise.all(
    files.map(async (f) => {
      const response = await fetch(f.loc.replace(new URL(f.loc).origin, baseUrl));
      return { file: f, response, xml: await response.text() };
    }),
  );
  const entries = children.flatMap(({ xml }) =>
    [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => ({
      loc: m[1] ?? '',
      lastmod: m[2] ?? '',
    })),
  );
  const listed = new Set(entries.map((e) => new URL(e.loc).pathname));

  it('is an index of sitemap files on the site origin, each XML with at most 50,000 URLs', () => {
    expect(indexResponse.status).toBe(200);
    expect(indexResponse.headers.get('content-type')).toContain('xml');
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(files.map((f) => new URL(f.loc).pathname)).toEqual([
      '/sitemap-pages.xml',
      '/sitemap-recipes-1.xml',
    ]);
    for (const { file, response, xml } of children) {
      expect(file.loc.startsWith(`${baseUrl}/`)).toBe(true);
      expect(file.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(response.status, file.loc).toBe(200);
      expect(response.headers.get('content-type')).toContain('xml');
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      expect(xml.match(/<url>/g)?.length ?? 0).toBeLessThanOrEqual(50_000);
      expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
    }
  });

  it('lists absolute URLs on the site origin with ISO dates, each once', () => {
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
