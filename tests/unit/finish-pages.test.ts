import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, finishPage, inlineScriptBodies } from '../../src/integrations/finish-pages.ts';

// The post-build step that completes Astro's CSP and moves the island <style> into <head>.

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>${head}` +
  `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-astro'; style-src 'self';">` +
  `</head><body>${body}</body></html>`;

describe('finishPage', () => {
  const html = page(
    '<script>var theme = 1;</script><script type="application/ld+json">{"a":1}</script>',
    `<div>${ISLAND_STYLE}<astro-island></astro-island></div><script type="module" src="/x.js"></script><script>replay()</script>`,
  );
  const finished = finishPage(html);

  it('moves the CSP <meta> right after the charset', () => {
    expect(finished).toMatch(
      /^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="content-security-policy"/,
    );
    expect(finished.match(/content-security-policy/g)).toHaveLength(1);
  });

  it("adds the hashes of inline scripts (not data blocks or external ones) to Astro's script-src", () => {
    const policy = /content="([^"]*)"/.exec(finished.slice(finished.indexOf('http-equiv')))?.[1] ?? '';
    const scriptSrc = policy
      .replace(/&#39;/g, "'")
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim().split(/\s+/)).toEqual([
      'script-src',
      "'self'",
      "'sha256-astro'",
      sha('var theme = 1;'),
      sha('replay()'),
    ]);
    expect(inlineScriptBodies(finished)).toEqual(['var theme = 1;', 'replay()']);
  });

  it('hashes the island style it moved into <head>', () => {
    const head = finished.slice(0, finished.indexOf('</head>'));
    expect(head).toContain(ISLAND_STYLE);
    expect(finished.slice(finished.indexOf('</head>'))).not.toContain('<style>');
    expect(head).toContain(cspHash('astro-island,astro-slot,astro-static-slot{display:contents}'));
  });

  it('is idempotent', () => {
    expect(finishPage(finished)).toBe(finished);
  });

  it('leaves a page without a policy alone apart from the style', () => {
    const plain = '<html><head><meta charset="utf-8"></head><body><p>x</p></body></html>';
    expect(finishPage(plain)).toBe(plain);
  });
});

describe('finishPage on the shapes of page a build writes', () => {
  const policy = `<meta http-equiv="content-security-policy" content="script-src 'self'; style-src 'self';">`;
  const cases: { name: string; html: string; inHead: string[]; after: string }[] = [
    {
      name: 'no </head> (a stub Astro writes bare): the policy is still completed and moved first',
      html: `<!doctype html><meta charset="utf-8"><title>x</title>${policy}<script>go()</script>`,
      inHead: [sha('go()')],
      after: '<script>go()</script>',
    },
    {
      name: 'island style already in <head> and again in the body: one copy, in <head>',
      html: page(ISLAND_STYLE, `<div>${ISLAND_STYLE}<astro-island></astro-island></div>`),
      inHead: [ISLAND_STYLE, cspHash('astro-island,astro-slot,astro-static-slot{display:contents}')],
      after: '<div><astro-island></astro-island></div>',
    },
  ];
  it.each(cases)('$name', ({ html, inHead, after }) => {
    const finished = finishPage(html);
    expect(finished.indexOf('content-security-policy')).toBeLessThan(finished.indexOf('<title>'));
    for (const text of inHead) expect(finished).toContain(text);
    expect(finished.split(ISLAND_STYLE)).toHaveLength(html.includes(ISLAND_STYLE) ? 2 : 1);
    expect(finished).toContain(after);
    expect(finishPage(finished)).toBe(finished);
  });
});
