import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { builtPages, headOf, isNoindex, isRedirectStub, metaContent, currentBuildDir } from './built-site.ts';

// The blog's RSS feed, linked from every page's head, and share images with a text
// alternative.

const baseUrl = inject('baseUrl');
const buildDir = currentBuildDir();
const pages = builtPages(buildDir).filter((p) => !isRedirectStub(p.html));
const posts = pages.filter((p) => /^\/blog\/(?!category\/)[^/]+$/.test(p.path));

describe('the blog feed', () => {
  it('is served as RSS 2.0 and lists every blog post with its absolute link', async () => {
    const response = await fetch(`${baseUrl}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml[^>]*\?><rss version="2.0"/);
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(posts.length).toBeGreaterThan(0);
    expect(links.sort()).toEqual(posts.map((p) => `${baseUrl}${p.path}`).sort());
    expect(fs.existsSync(path.join(buildDir, 'blog', 'rss.xml'))).toBe(true);
  });

  it.each(pages.map((p) => [p.path, p] as const))('%s links it from <head>', (_path, page) => {
    expect(headOf(page.html)).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Forkful blog" href="/blog/rss.xml">',
    );
  });
});

describe('share images have a text alternative', () => {
  const shared = pages.filter((p) => metaContent(p.html, 'og:image'));
  it('every page with an og:image (not only noindex ones) is covered', () => {
    expect(shared.filter((p) => !isNoindex(p.html)).length).toBeGreaterThan(100);
  });
  it.each(shared.map((p) => [p.path, p] as const))('%s', (_path, page) => {
    const alt = metaContent(page.html, 'og:image:alt');
    expect(alt, 'og:image:alt').toBeTruthy();
    expect(metaContent(page.html, 'twitter:image:alt')).toBe(alt);
  });
  it('a recipe page describes its own picture', () => {
    const recipe = pages.find((p) => /^\/recipe\/[a-z][a-z0-9-]*$/.test(p.path));
    const title = recipe?.html.match(/<meta property="og:title" content="([^"]*)"/)?.[1];
    expect(metaContent(recipe?.html ?? '', 'og:image:alt')).toBe(title);
  });
});
