// The session cookie and its JWT: attributes, verification, expiry, and no usable JWT_SECRET.
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import auth from '../../functions/auth.ts';
import {
  SESSION_AUDIENCE,
  SESSION_ISSUER,
  SESSION_TTL_SECONDS,
  SESSION_TYP,
} from '../../functions/_shared/session.ts';
import { sessionSetCookie, TEST_JWT_SECRET } from '../helpers/accounts.ts';
import { callRoute, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAuthSuite, me, login } from '../helpers/auth-suite.ts';

describe.skipIf(!databaseAvailable)(`auth API on ${engine}`, () => {
  const { db, userCount, cook } = useAuthSuite();

  describe('session cookie', () => {
    const loginAt = (origin: string) =>
      auth(
        new Request(`${origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: cook.username, password: cook.password }),
        }),
      );

    it('over https: __Host-session with Secure, HttpOnly, SameSite=Lax, Path=/, Max-Age and no Domain', async () => {
      const res = await loginAt('https://forkful.example');
      expect(res.status).toBe(200);
      const setCookie = sessionSetCookie(res.headers)!;
      const [pair, ...attributes] = setCookie.split('; ');
      expect(pair).toMatch(/^__Host-session=[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(attributes).toEqual(
        expect.arrayContaining([
          'Secure',
          'HttpOnly',
          'SameSite=Lax',
          'Path=/',
          `Max-Age=${SESSION_TTL_SECONDS}`,
        ]),
      );
      expect(setCookie).not.toMatch(/domain=/i);
      expect(setCookie.length).toBeLessThanOrEqual(4096);
      // The https cookie is what https requests read.
      const session = await auth(
        new Request('https://forkful.example/api/auth/me', { headers: { cookie: pair! } }),
      );
      expect(session.status).toBe(200);
    });

    it.each(['http://localhost:8888', 'http://127.0.0.1:8888'])(
      'on %s: plain "session" without Secure (browsers drop Secure on http)',
      async (origin) => {
        const setCookie = sessionSetCookie((await loginAt(origin)).headers)!;
        expect(setCookie).toMatch(/^session=/);
        expect(setCookie).toContain('HttpOnly; SameSite=Lax');
        expect(setCookie).not.toContain('Secure');
      },
    );

    it('plain http on a public host gets the __Host- name, which a browser refuses to store there', async () => {
      const setCookie = sessionSetCookie((await loginAt('http://forkful.example')).headers)!;
      expect(setCookie).toMatch(/^__Host-session=.*; Secure$/);
    });
  });

  describe('token verification', () => {
    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const sessionVersion = async (id: number) =>
      (
        await db()
          .selectFrom('users')
          .select('session_version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).session_version;

    /** A token like the real ones, with one thing changed. */
    async function token(change: {
      header?: Record<string, unknown>;
      claims?: Record<string, unknown>;
      issuer?: string;
      audience?: string;
      expires?: string | number;
      issuedAt?: number;
      key?: Uint8Array;
      alg?: string;
    }) {
      const jwt = new SignJWT({ sv: await sessionVersion(cook.id), ...change.claims })
        .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: SESSION_TYP, ...change.header })
        .setSubject(String(cook.id))
        .setIssuer(change.issuer ?? SESSION_ISSUER)
        .setAudience(change.audience ?? SESSION_AUDIENCE)
        .setIssuedAt(change.issuedAt)
        .setExpirationTime(change.expires ?? '1h');
      return jwt.sign(change.key ?? secret);
    }

    it('a well-formed token for the user is accepted (the cases below differ in one thing)', async () => {
      expect((await me(`session=${await token({})}`)).status).toBe(200);
    });

    const now = () => Math.floor(Date.now() / 1000);
    it.each<[string, () => Promise<string>]>([
      [
        'tampered payload (another user id, original signature)',
        async () => {
          const [h, , s] = (await token({})).split('.');
          const payload = Buffer.from(
            JSON.stringify({
              sv: 1,
              sub: '1',
              iss: SESSION_ISSUER,
              aud: SESSION_AUDIENCE,
              iat: now(),
              exp: now() + 3600,
            }),
          ).toString('base64url');
          return `${h}.${payload}.${s}`;
        },
      ],
      ['tampered signature', async () => `${(await token({})).slice(0, -4)}AAAA`],
      [
        'alg none (unsecured JWT)',
        async () =>
          new UnsecuredJWT({ sv: await sessionVersion(cook.id) })
            .setSubject(String(cook.id))
            .setIssuer(SESSION_ISSUER)
            .setAudience(SESSION_AUDIENCE)
            .setIssuedAt()
            .setExpirationTime('1h')
            .encode(),
      ],
      ['alg HS512 with the right secret (algorithm pinned to HS256)', () => token({ alg: 'HS512' })],
      [
        'signed with another secret',
        () => token({ key: new TextEncoder().encode('another-secret-that-is-long-enough-0123456789') }),
      ],
      ['wrong audience', () => token({ audience: 'forkful:admin-api' })],
      ['wrong issuer', () => token({ issuer: 'evil.example' })],
      ['wrong typ header (a generic JWT)', () => token({ header: { typ: 'JWT' } })],
      ['expired', () => token({ issuedAt: now() - 7200, expires: now() - 3600 })],
      [
        'older than the session lifetime (iat far back, exp still ahead)',
        () => token({ issuedAt: now() - SESSION_TTL_SECONDS - 60, expires: now() + 3600 }),
      ],
      ['no session version claim', () => token({ claims: { sv: undefined } })],
      ['stale session version', async () => token({ claims: { sv: (await sessionVersion(cook.id)) - 1 } })],
      ['not a JWT at all', async () => 'not.a.token'],
    ])('%s → 401', async (_name, make) => {
      const res = await me(`session=${await make()}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Please log in');
    });

    it('a token with a non-numeric subject is refused', async () => {
      const bad = await new SignJWT({ sv: 1 })
        .setProtectedHeader({ alg: 'HS256', typ: SESSION_TYP })
        .setSubject('admin')
        .setIssuer(SESSION_ISSUER)
        .setAudience(SESSION_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
      expect((await me(`session=${bad}`)).status).toBe(401);
    });
  });

  describe('without a usable JWT_SECRET', () => {
    it.each([
      ['missing', undefined],
      ['shorter than 32 bytes', 'short-secret'],
    ])('JWT_SECRET %s: 503 "Sessions are not configured", nothing written', async (_name, value) => {
      const saved = process.env.JWT_SECRET;
      try {
        if (value === undefined) delete process.env.JWT_SECRET;
        else process.env.JWT_SECRET = value;
        const before = await userCount();
        const signup = await callRoute(auth, 'POST', '/api/auth/signup', {
          body: { username: 'no_secret', email: 'no.secret@example.com', password: 'secret12' },
        });
        expect(signup.status).toBe(503);
        expect(signup.body.error).toBe('Sessions are not configured');
        expect((await login(cook.username, cook.password)).status).toBe(503);
        expect((await me(cook.cookie)).status).toBe(503);
        // Anonymous requests still get their usual answer.
        expect((await me()).status).toBe(401);
        expect(await userCount()).toBe(before);
      } finally {
        process.env.JWT_SECRET = saved;
      }
    });
  });
});
