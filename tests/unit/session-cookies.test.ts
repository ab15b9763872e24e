import { describe, expect, it } from 'vitest';
import { clientIp } from '../../functions/_shared/rate-limit.ts';
import { clearedSessionCookie, sessionCookieName, sessionToken } from '../../functions/_shared/session.ts';

// Pure parts of the session and throttling modules: cookie naming and reading, client address.

describe('session cookie name', () => {
  it.each([
    ['https://forkful.example/api/auth/me', '__Host-session'],
    ['https://deploy-preview-4--forkful.netlify.app/api/auth/me', '__Host-session'],
    ['http://localhost:8888/api/auth/me', 'session'],
    ['http://127.0.0.1:4321/api/auth/me', 'session'],
    ['http://app.localhost:8888/api/auth/me', 'session'],
    ['http://forkful.example/api/auth/me', '__Host-session'],
  ])('%s → %s', (url, name) => {
    expect(sessionCookieName(new Request(url))).toBe(name);
  });
});

describe('reading the session token', () => {
  const read = (url: string, cookie: string) => sessionToken(new Request(url, { headers: { cookie } }));
  it.each([
    [
      'the local cookie on localhost',
      'http://localhost:8888/x',
      'theme=dark; session=abc.def.ghi; other=1',
      'abc.def.ghi',
    ],
    ['the __Host- cookie on https', 'https://forkful.example/x', '__Host-session=abc.def.ghi', 'abc.def.ghi'],
    [
      'not the plain cookie on https (a subdomain could have set it)',
      'https://forkful.example/x',
      'session=abc.def.ghi',
      undefined,
    ],
    ['not a cookie whose name only ends the same', 'http://localhost:8888/x', 'xsession=abc', undefined],
    ['an empty value as none', 'http://localhost:8888/x', 'session=', undefined],
  ])('%s', (_name, url, cookie, expected) => {
    expect(read(url, cookie)).toBe(expected);
  });

  it('the clearing cookie expires at once with the same attributes', () => {
    expect(clearedSessionCookie(new Request('https://forkful.example/x'))).toBe(
      '__Host-session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
    );
  });
});

describe('clientIp', () => {
  const ip = (headers: Record<string, string>, context: { ip?: string } = {}) =>
    clientIp(new Request('https://forkful.example/api/auth/login', { headers }), context);
  it.each<[string, Record<string, string>, { ip?: string }, string]>([
    [
      "Netlify's context.ip wins over headers",
      { 'x-forwarded-for': '1.1.1.1' },
      { ip: '203.0.113.5' },
      '203.0.113.5',
    ],
    ['X-Forwarded-For is never believed', { 'x-forwarded-for': '198.51.100.7' }, {}, 'unknown'],
    ['nor x-nf-client-connection-ip', { 'x-nf-client-connection-ip': '203.0.113.6' }, {}, 'unknown'],
    ['IPv6, lower-cased', {}, { ip: '2001:DB8::1' }, '2001:db8::1'],
    ['a garbage context address is ignored', {}, { ip: "'; DROP TABLE users; --" }, 'unknown'],
    ['nothing known', {}, {}, 'unknown'],
  ])('%s', (_name, headers, context, expected) => {
    expect(ip(headers, context)).toBe(expected);
  });
});
