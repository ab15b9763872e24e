import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  findRedirect,
  headersFor,
  readNetlifyRules,
  StaticSite,
} from '../../scripts/lib/static-site.ts';
import { ROOT } from '../helpers/paths.ts';
import { itMaps } from '../helpers/table.ts';

const rules = readNetlifyRules(path.join(ROOT, 'netlify.toml'));

describe('netlify.toml rules', () => {
  it.each([
    ['/recipes/lemon-tart', '/recipe/lemon-tart', 301],
    ['/recipes', undefined, undefined],
    ['/recipe/lemon-tart', undefined, undefined],
  ])('redirect %s → %s', (from, location, status) => {
    const found = findRedirect(rules, from);
    expect(found?.location).toBe(location);
    expect(found?.status).toBe(status);
  });

  it('applies security headers everywhere and immutable caching to hashed assets', () => {
    const page = headersFor(rules, '/recipe/x');
    expect(page['X-Content-Type-Options']).toBe('nosniff');
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(page['Cache-Control']).toContain('must-revalidate');
    expect(headersFor(rules, '/_astro/app.abc123.js')['Cache-Control']).toContain('immutable');
  });
});

describe('StaticSite', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-static-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
    fs.writeFileSync(path.join(tmp, rel), text);
  };
  const big = '<p>tasty</p>'.repeat(200);
  write('old/_astro/old.js', 'console.log("old")');
  write('new/index.html', `<h1>home</h1>${big}`);
  write('new/recipe/tart/index.html', '<h1>tart</h1>');
  write('new/404.html', '<h1>not found</h1>');
  write('new/sitemap.xml', '<urlset/>');
  write('secret.txt', 'outside the build');
  const site = new StaticSite(rules);
  site.use(path.join(tmp, 'old'));
  site.use(path.join(tmp, 'new'));

  it.each([
    ['/', 200, 'home'],
    ['/recipe/tart', 200, 'tart'],
    ['/recipe/tart/', 200, 'tart'],
    ['/sitemap.xml', 200, 'urlset'],
    ['/no/such/page', 404, 'not found'],
    ['/../secret.txt', 404, 'not found'],
    ['/%2e%2e/secret.txt', 404, 'not found'],
    ['/%E0%A4%A', 404, 'not found'],
    ['/_astro/old.js', 200, 'old'],
  ])('%s → %i', (pathname, status, text) => {
    const res = site.respond(pathname, '');
    expect(res.status).toBe(status);
    expect(res.body.toString()).toContain(text);
  });

  it('serves the previous build only for hashed assets', () => {
    write('old/about.html', 'old page');
    expect(site.respond('/about', '').status).toBe(404);
  });

  it.each([
    ['br', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip, deflate', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])('compresses text for Accept-Encoding %s', (accept, encoding, decode) => {
    const res = site.respond('/', accept);
    expect(res.headers['Content-Encoding']).toBe(encoding);
    expect(res.headers.Vary).toBe('Accept-Encoding');
    expect(decode(res.body).toString()).toContain('home');
    expect(res.body.length).toBeLessThan(big.length / 5);
  });

  it('sends small files and clients without compression as they are', () => {
    expect(site.respond('/recipe/tart', 'gzip').headers['Content-Encoding']).toBeUndefined();
    expect(site.respond('/', '').headers['Content-Encoding']).toBeUndefined();
  });
});

describe('Range requests for static files (a video seeking)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-static-range-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  // 1,000 bytes whose value says where they are.
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  fs.mkdirSync(path.join(tmp, 'build', 'videos'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'build', 'videos', 'clip.mp4'), bytes);
  const site = new StaticSite(rules);
  site.use(path.join(tmp, 'build'));

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=500-500', 500, 500],
  ])('%s → 206 with bytes %i-%i', (range, start, end) => {
    const res = site.respond('/videos/clip.mp4', 'gzip, br', range);
    expect(res.status).toBe(206);
    expect(res.headers['Content-Range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['Accept-Ranges']).toBe('bytes');
    expect(res.headers['Content-Type']).toBe('video/mp4');
    expect(Buffer.compare(res.body, bytes.subarray(start, end + 1))).toBe(0);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s → 416 naming the size', (range) => {
    const res = site.respond('/videos/clip.mp4', '', range);
    expect(res.status).toBe(416);
    expect(res.headers['Content-Range']).toBe('bytes */1000');
  });

  it.each([undefined, 'bytes=0-9,20-29', 'items=0-9', 'bytes=9-2', 'bytes=abc'])(
    '%s → the whole file (200), ranges offered',
    (range) => {
      const res = site.respond('/videos/clip.mp4', '', range);
      expect(res.status).toBe(200);
      expect(res.headers['Accept-Ranges']).toBe('bytes');
      expect(res.body.length).toBe(1000);
    },
  );

  it('leaves a missing file a 404 whatever the range', () => {
    expect(site.respond('/videos/none.mp4', '', 'bytes=0-9').status).toBe(404);
  });
});

describe('Accept-Encoding negotiation', () => {
  itMaps<string, string | undefined>(
    chooseEncoding,
    [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0', undefined],
      ['br; q=0.0, gzip;q=0', undefined],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0.8, gzip;q=0.8', 'br'],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['*, br;q=0', 'gzip'],
      ['identity', undefined],
      ['x-gzip', 'gzip'],
      ['BR', 'br'],
      ['br;q=banana, gzip', 'gzip'],
      ['', undefined],
    ],
    '%j → %s',
  );
});

describe('StaticSite compressed-page cache', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-static-lru-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  // Pages that do not compress to nothing: a random-ish body per page.
  const pageText = (i: number) =>
    `<h1>page ${i}</h1>` +
    Array.from({ length: 400 }, (_, k) => ((i * 7919 + k * 104729) % 99991).toString(36)).join(' ');
  for (let i = 0; i < 60; i++) {
    fs.mkdirSync(path.join(tmp, 'build', 'p', String(i)), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'build', 'p', String(i), 'index.html'), pageText(i));
  }

  it('stays within its byte budget however many pages are read, and serves each page whole', () => {
    const site = new StaticSite(rules, { cacheBytes: 8 * 1024 });
    site.use(path.join(tmp, 'build'));
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 60; i++) {
        const res = site.respond(`/p/${i}`, 'gzip');
        expect(res.headers['Content-Encoding']).toBe('gzip');
        expect(zlib.gunzipSync(res.body).toString()).toBe(pageText(i));
        expect(site.cacheStats.bytes).toBeLessThanOrEqual(8 * 1024);
      }
    }
    expect(site.cacheStats.entries).toBeGreaterThan(0);
    expect(site.cacheStats.entries).toBeLessThan(60);
  });
});
