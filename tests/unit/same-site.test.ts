import { describe, expect, it } from 'vitest';
import { assertSameSite } from '../../functions/_shared/same-site.ts';
import { ApiError } from '../../functions/_shared/http.ts';

const SITE = 'https://forkful.example';

function verdict(method: string, headers: Record<string, string>, url = `${SITE}/api/x`): number {
  try {
    assertSameSite(new Request(url, { method, headers }), [SITE]);
    return 200;
  } catch (err) {
    return err instanceof ApiError ? err.status : 500;
  }
}

describe('assertSameSite', () => {
  it.each([
    ['GET from anywhere is allowed (GET never mutates)', 'GET', { 'sec-fetch-site': 'cross-site' }, 200],
    ['POST same-origin', 'POST', { 'sec-fetch-site': 'same-origin' }, 200],
    ['POST typed into the address bar / no initiator', 'POST', { 'sec-fetch-site': 'none' }, 200],
    ['POST cross-site', 'POST', { 'sec-fetch-site': 'cross-site' }, 403],
    ['POST from a sibling subdomain', 'POST', { 'sec-fetch-site': 'same-site' }, 403],
    ['DELETE cross-site', 'DELETE', { 'sec-fetch-site': 'cross-site' }, 403],
    ['PUT with a foreign Origin only', 'PUT', { origin: 'https://evil.example' }, 403],
    ['POST with a look-alike Origin', 'POST', { origin: 'https://forkful.example.evil.example' }, 403],
    ['POST with Origin null (sandboxed frame)', 'POST', { origin: 'null' }, 403],
    ['POST with the site Origin', 'POST', { origin: SITE }, 200],
    ['POST without browser headers (curl, server-to-server)', 'POST', {}, 200],
    [
      'cross-site Sec-Fetch-Site wins over a matching Origin',
      'POST',
      { 'sec-fetch-site': 'cross-site', origin: SITE },
      403,
    ],
  ])('%s', (_name, method, headers, expected) => {
    expect(verdict(method, headers)).toBe(expected);
  });

  it('accepts the request URL origin when SITE_URL differs (deploy previews)', () => {
    expect(
      verdict(
        'POST',
        { origin: 'https://preview--forkful.netlify.app' },
        'https://preview--forkful.netlify.app/api/x',
      ),
    ).toBe(200);
  });
});
