import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { httpMessage, rawRequest } from '../helpers/raw-http.ts';
import { ROOT } from '../helpers/paths.ts';

// Requests a browser would never send but anyone can: each gets a 4xx with
// the API's JSON error body — never a 5xx, a plain-text error or a dropped connection.

describe('malformed requests to the local server', () => {
  const baseUrl = inject('baseUrl');

  it.each([
    ['a broken escape in a slug', 'GET', '/api/recipes/slug/%E0%A4%A', 400],
    ['a broken escape in an id', 'GET', '/api/recipes/%ZZ', 400],
    ['a lone % in a nested id', 'POST', '/api/reviews/%/helpful', 400],
    ['TRACE on an API route', 'TRACE', '/api/recipes', 405],
    ['TRACE on an unknown API path', 'TRACE', '/api/nowhere', 404],
    ['PROPFIND on an API route', 'PROPFIND', '/api/categories', 405],
    ['TRACK (unknown to the HTTP parser)', 'TRACK', '/api/recipes', 501],
    ['an invented method', 'BREW', '/api/recipes', 501],
    ['CONNECT', 'CONNECT', 'localhost:80', 405],
    ['an unparseable absolute target', 'GET', 'http://[bad/api/recipes', 400],
    ['an asterisk target', 'GET', '*', 400],
    ['a target with credentials and no host', 'GET', '//x:y@/', 404],
  ])('%s → %i with a JSON error', async (_name, method, target, status) => {
    const res = await rawRequest(baseUrl, httpMessage(method, target));
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json|text\/html/);
    if (target.includes('/api/') || !target.startsWith('//')) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(typeof JSON.parse(res.body).error).toBe('string');
    }
    if (status === 405 || status === 501) expect(res.headers.allow).toMatch(/GET/);
  });

  it('keeps a protocol-relative target on this host (no request reaches the API as another origin)', async () => {
    const res = await rawRequest(baseUrl, httpMessage('GET', '//evil.example/api/categories'));
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('accepts an absolute-form target for its path only', async () => {
    const res = await rawRequest(baseUrl, httpMessage('GET', 'http://evil.example/api/categories'));
    expect(res.status).toBe(200);
    expect(Array.isArray(JSON.parse(res.body))).toBe(true);
  });

  it('answers an oversized header block with 431 JSON', async () => {
    const res = await rawRequest(
      baseUrl,
      httpMessage('GET', '/api/categories', { 'X-Big': 'a'.repeat(20_000) }),
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).error).toMatch(/headers are too large/);
  });

  it('answers a body cut short with 400 JSON, not a hang or a 500', async () => {
    const res = await rawRequest(
      baseUrl,
      httpMessage(
        'POST',
        '/api/newsletter/subscribe',
        { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        '5\r\n{"ema\r\nzz\r\n',
      ),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toEqual(expect.any(String));
  });

  it('gives unknown API paths the same security headers as other API answers', async () => {
    const [known, unknown] = await Promise.all([
      fetch(`${baseUrl}/api/recipes/slug/not-a-recipe`),
      fetch(`${baseUrl}/api/no-such-thing`),
    ]);
    expect(unknown.status).toBe(404);
    for (const name of [
      'x-content-type-options',
      'content-security-policy',
      'referrer-policy',
      'cross-origin-resource-policy',
    ])
      expect(unknown.headers.get(name), name).toBe(known.headers.get(name));
  });
});

describe('content coding of static files', () => {
  const baseUrl = inject('baseUrl');
  it.each([
    ['br, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0', null],
    ['gzip;q=0, br;q=0', null],
    ['*;q=0.5, br;q=0', 'gzip'],
  ])('Accept-Encoding %j → %s', async (acceptEncoding, expected) => {
    const res = await rawRequest(baseUrl, httpMessage('GET', '/', { 'Accept-Encoding': acceptEncoding }));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding'] ?? null).toBe(expected);
  });
});

describe('Range requests for static files (how a video player seeks)', () => {
  const baseUrl = inject('baseUrl');
  const file = '/images/fallback/appetizers-1.webp';
  const size = fs.statSync(path.join(ROOT, 'public', file)).size;

  it('answers a satisfiable range with 206, Content-Range and just those bytes', async () => {
    const res = await rawRequest(baseUrl, httpMessage('GET', file, { Range: 'bytes=100-199' }));
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const tail = await rawRequest(baseUrl, httpMessage('GET', file, { Range: 'bytes=-10' }));
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  });

  it('answers a range past the end with 416 naming the size', async () => {
    const res = await rawRequest(baseUrl, httpMessage('GET', file, { Range: `bytes=${size}-` }));
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('sends the whole file without a Range, and offers ranges', async () => {
    const res = await rawRequest(baseUrl, httpMessage('GET', file));
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.headers['accept-ranges']).toBe('bytes');
  });
});
