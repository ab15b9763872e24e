import bcrypt from 'bcryptjs';
import { SignJWT, UnsecuredJWT } from 'jose';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import auth from '../../functions/auth.ts';
import { PASSWORD_COST } from '../../db/password-cost.ts';
import {
  SESSION_AUDIENCE,
  SESSION_ISSUER,
  SESSION_TTL_SECONDS,
  SESSION_TYP,
} from '../../functions/_shared/session.ts';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_IP_LIMIT } from '../../functions/_shared/rate-limit.ts';
import {
  cookieFrom,
  sessionSetCookie,
  signUp,
  TEST_JWT_SECRET,
  type TestAccount,
} from '../helpers/accounts.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Accounts and sessions: cookies, JWT lifecycle, password storage, throttling.

const me = (cookie?: string) => callRoute(auth, 'GET', '/api/auth/me', { headers: cookie ? { cookie } : {} });
/** `ip` is the client's address as Netlify's context.ip carries it. */
const login = (username: string, password: string, ip?: string, headers: Record<string, string> = {}) =>
  callRoute(auth, 'POST', '/api/auth/login', { body: { username, password }, headers, ip });

describe.skipIf(!databaseAvailable)(`auth API on ${engine}`, () => {
  const db = useTestDatabase();
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const passwordHash = async (id: number) =>
    (await db().selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  let cook: TestAccount;
  beforeAll(async () => {
    cook = await signUp('cook');
  });

  describe('sign-up', () => {
    it('creates the account, answers the user and sets a session cookie', async () => {
      const res = await callRoute(auth, 'POST', '/api/auth/signup', {
        body: { username: 'New_Baker', email: 'new.baker@example.com', password: 'flour-power' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        username: 'New_Baker',
        email: 'new.baker@example.com',
      });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const session = await me(cookieFrom(res.headers));
      expect(session.body.username).toBe('New_Baker');
    });

    it(`stores a bcrypt hash at cost ${PASSWORD_COST} (≥ 11), never the password`, async () => {
      const hash = await passwordHash(cook.id);
      expect(PASSWORD_COST).toBeGreaterThanOrEqual(11);
      expect(hash).toMatch(new RegExp(`^\\$2[aby]\\$${PASSWORD_COST}\\$`));
      expect(await bcrypt.compare(cook.password, hash)).toBe(true);
    });

    it.each([
      [
        'username too short',
        { username: 'ab', email: 'a@example.com', password: 'secret1' },
        'Username must be at least 3 characters',
      ],
      [
        'username missing',
        { email: 'a@example.com', password: 'secret1' },
        'Username must be at least 3 characters',
      ],
      [
        'username with spaces',
        { username: 'two words', email: 'a@example.com', password: 'secret1' },
        'Username may contain only',
      ],
      [
        'username with markup',
        { username: '<b>bold</b>', email: 'a@example.com', password: 'secret1' },
        'Username may contain only',
      ],
      [
        'username too long',
        { username: 'x'.repeat(41), email: 'a@example.com', password: 'secret1' },
        'at most 40',
      ],
      [
        'email invalid',
        { username: 'valid_name', email: 'not-an-email', password: 'secret1' },
        'Invalid email address',
      ],
      [
        'email too long',
        { username: 'valid_name', email: `${'a'.repeat(250)}@example.com`, password: 'secret1' },
        'at most 254',
      ],
      [
        'password too short',
        { username: 'valid_name', email: 'a@example.com', password: '12345' },
        'Password must be at least 6 characters',
      ],
      [
        'password over 72 bytes (25 × €, 75 bytes)',
        { username: 'valid_name', email: 'a@example.com', password: '€'.repeat(25) },
        'at most 72 bytes',
      ],
      [
        'password over 72 bytes (73 ASCII)',
        { username: 'valid_name', email: 'a@example.com', password: 'p'.repeat(73) },
        'at most 72 bytes',
      ],
      [
        'password not a string',
        { username: 'valid_name', email: 'a@example.com', password: 123456 },
        'Password must be at least 6 characters',
      ],
      ['body not an object', 'just text', 'Expected a JSON object'],
    ])('rejects %s with 400 and creates nothing', async (_name, body, message) => {
      const before = await userCount();
      const res = await callRoute(auth, 'POST', '/api/auth/signup', { body: unchecked(body) });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await userCount()).toBe(before);
    });

    it('accepts a password of exactly 72 bytes', async () => {
      // Strong as well as long: the strength rule applies before the length does not.
      const password = 'marjoram-kettle-91-'.repeat(4).slice(0, 72);
      expect(bcrypt.truncates(password)).toBe(false);
      const res = await callRoute(auth, 'POST', '/api/auth/signup', {
        body: { username: 'exact_72', email: 'exact72@example.com', password },
      });
      expect(res.status).toBe(201);
      expect((await login('exact_72', password)).status).toBe(200);
    });

    it.each([
      [
        'the same username in other letter case',
        (a: TestAccount) => ({ username: a.username.toUpperCase(), email: 'fresh@example.com' }),
      ],
      [
        'the same email in other letter case',
        (a: TestAccount) => ({ username: 'fresh_name', email: a.email.toUpperCase() }),
      ],
      ['the admin name in other letter case', () => ({ username: 'Admin', email: 'fresh2@example.com' })],
    ])('answers 409 for %s and creates nothing', async (_name, make) => {
      const before = await userCount();
      const res = await callRoute(auth, 'POST', '/api/auth/signup', {
        body: { ...make(cook), password: 'secret12-cumin-lamp' },
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Username or email already exists');
      expect(await userCount()).toBe(before);
    });
  });

  describe('login', () => {
    it('answers the user with a fresh cookie; the username is case-insensitive', async () => {
      const res = await login(cook.username.toUpperCase(), cook.password);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: cook.id, username: cook.username, email: cook.email });
      expect((await me(cookieFrom(res.headers))).body.id).toBe(cook.id);
    });

    it.each([
      ['a wrong password', () => [cook.username, 'wrong-password']],
      ['an unknown username', () => ['nobody_at_all', cook.password]],
      ['a seeded sample reviewer (no password can match)', () => ['maria_cooks', '!sample-account-no-login']],
    ])('refuses %s with the same 401 text and no cookie', async (_name, creds) => {
      const [username, password] = creds() as [string, string];
      const res = await login(username, password, `198.51.100.${Math.floor(Math.random() * 200)}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Invalid username or password');
      expect(res.headers.get('set-cookie')).toBeNull();
    });

    it('takes about as long for an unknown user as for a wrong password (dummy hash)', async () => {
      const time = async (username: string) => {
        const t = performance.now();
        const res = await login(username, 'wrong-password', '198.51.100.250');
        const ms = performance.now() - t;
        expect(res.status).toBe(401); // not throttled: a 429 answers before any comparison
        return ms;
      };
      await time('warm_up_user');
      // Both run one bcrypt comparison at cost 11 (~100+ ms); without the dummy the unknown one is
      // ~1 ms. The fastest of several interleaved tries each: a busy machine only adds time (in CI
      // beside the browser suite all three known tries once took over 700 ms, the unknown 308 ms),
      // so the bound is a quarter, still far above the ~1 ms of a missing dummy.
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 6; i++) {
        known.push(await time(cook.username));
        unknown.push(await time('no_such_user_here'));
      }
      expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.25);
    }, 60_000);

    it.each([
      [
        'username too short',
        { username: 'ab', password: 'secret1' },
        'Username must be at least 3 characters',
      ],
      [
        'password too short',
        { username: 'someone', password: '123' },
        'Password must be at least 6 characters',
      ],
      ['password missing', { username: 'someone' }, 'Password must be at least 6 characters'],
      ['password over 72 bytes', { username: 'someone', password: 'x'.repeat(100) }, 'at most 72 bytes'],
    ])('rejects %s with 400', async (_name, body, message) => {
      const res = await callRoute(auth, 'POST', '/api/auth/login', { body: unchecked(body) });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      // The sentence alone: no "Invalid request: username: " in front; the fields are in `issues`.
      expect(res.body.error).not.toMatch(/^Invalid \w+: |^[\w.]+: /);
      expect(res.body.issues?.length).toBeGreaterThan(0);
    });

    it('answers a short username with the rule itself as the error, its field in issues', async () => {
      const res = await callRoute(auth, 'POST', '/api/auth/login', {
        body: { username: 'ab', password: 'secret1' },
      });
      expect(res.body.error).toBe('Username must be at least 3 characters');
      expect(res.body.issues).toContainEqual({
        path: 'username',
        message: 'Username must be at least 3 characters',
      });
    });

    it('GET /api/auth/me is 401 with "Please log in" when anonymous', async () => {
      const res = await me();
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Please log in');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    });
  });

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

  describe('logout and password change end older sessions', () => {
    it('logout ends every session of the user (logout everywhere) and clears the cookie', async () => {
      const user = await signUp('leaver');
      const otherBrowser = cookieFrom((await login(user.username, user.password)).headers);
      expect((await me(user.cookie)).status).toBe(200);
      expect((await me(otherBrowser)).status).toBe(200);

      const res = await callRoute(auth, 'POST', '/api/auth/logout', { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      expect(sessionSetCookie(res.headers)).toMatch(/^session=; .*Max-Age=0/);
      expect(res.headers.getSetCookie()).toContain('forkful_signed_in=; Path=/; SameSite=Lax; Max-Age=0');
      expect((await me(user.cookie)).status).toBe(401);
      expect((await me(otherBrowser)).status).toBe(401);
      // Logging in again works and gives a working session.
      expect((await me(cookieFrom((await login(user.username, user.password)).headers))).status).toBe(200);
    });

    it('logout without a session just clears the cookie', async () => {
      const res = await callRoute(auth, 'POST', '/api/auth/logout');
      expect(res.status).toBe(200);
      expect(sessionSetCookie(res.headers)).toContain('Max-Age=0');
    });

    it('a password change ends other sessions, keeps this browser logged in, and swaps the password', async () => {
      const user = await signUp('changer', 'old-parsley-mortar');
      const otherBrowser = cookieFrom((await login(user.username, 'old-parsley-mortar')).headers);
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        headers: { cookie: user.cookie },
        body: { currentPassword: 'old-parsley-mortar', newPassword: 'new-basil-lantern' },
      });
      expect(res.status).toBe(200);
      const fresh = cookieFrom(res.headers);
      expect((await me(user.cookie)).status).toBe(401);
      expect((await me(otherBrowser)).status).toBe(401);
      expect((await me(fresh)).status).toBe(200);
      expect((await login(user.username, 'old-parsley-mortar')).status).toBe(401);
      expect((await login(user.username, 'new-basil-lantern')).status).toBe(200);
    });

    it.each([
      [
        'wrong current password',
        { currentPassword: 'not-my-password', newPassword: 'another-one' },
        'Current password is incorrect',
      ],
      ['current password missing', { newPassword: 'another-one' }, 'Current password is required'],
      [
        'current password empty',
        { currentPassword: '', newPassword: 'another-one' },
        'Current password is required',
      ],
      [
        'new password too short',
        { currentPassword: 'pass-word-42', newPassword: 'short' },
        'Password must be at least 6 characters',
      ],
      [
        'new password over 72 bytes',
        { currentPassword: 'pass-word-42', newPassword: '€'.repeat(25) },
        'at most 72 bytes',
      ],
    ])('refuses a change with %s (400), password and sessions untouched', async (_name, body, message) => {
      const hash = await passwordHash(cook.id);
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        headers: { cookie: cook.cookie },
        body: unchecked(body),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await passwordHash(cook.id)).toBe(hash);
      expect((await me(cook.cookie)).status).toBe(200);
    });

    it('change-password needs a session', async () => {
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        body: { currentPassword: 'x', newPassword: 'yyyyyy' },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('login throttling (stored in Postgres)', () => {
    const counter = async (key: string) =>
      db().selectFrom('rate_limits').select(['count']).where('key', '=', key).executeTakeFirst();

    it(`after ${LOGIN_ACCOUNT_LIMIT.max} failures for one account: 429 with Retry-After, even with the right password`, async () => {
      const target = await signUp('target');
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT.max; i++) {
        // Spread over addresses: the account limit must hold on its own.
        expect((await login(target.username, `guess-${i}-x`, `203.0.113.${i + 1}`)).status).toBe(401);
      }
      const blocked = await login(target.username, target.password, '203.0.113.99');
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_ACCOUNT_LIMIT.windowSeconds);
      expect(blocked.body.error).toMatch(
        /Too many failed logins for this account\. Please try again in \d+ minutes?\./,
      );
      expect(blocked.headers.get('set-cookie')).toBeNull();
    });

    it('Retry-After counts down to the end of the window, and the window ends', async () => {
      const target = await signUp('waiter');
      const key = `login:account:${target.username.toLowerCase()}`;
      await db()
        .insertInto('rate_limits')
        .values({
          key,
          count: LOGIN_ACCOUNT_LIMIT.max,
          window_start: sql`now() - make_interval(secs => ${LOGIN_ACCOUNT_LIMIT.windowSeconds - 60})`,
        })
        .execute();
      const blocked = await login(target.username, target.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);

      await db()
        .updateTable('rate_limits')
        .set({ window_start: sql`now() - make_interval(secs => ${LOGIN_ACCOUNT_LIMIT.windowSeconds + 1})` })
        .where('key', '=', key)
        .execute();
      expect((await login(target.username, target.password)).status).toBe(200);
    });

    it(`after ${LOGIN_IP_LIMIT.max} failures from one address: 429 for any account from it, other addresses unaffected`, async () => {
      const ip = '192.0.2.77';
      await db()
        .insertInto('rate_limits')
        .values({ key: `login:ip:${ip}`, count: LOGIN_IP_LIMIT.max })
        .execute();
      const blocked = await login(cook.username, cook.password, ip);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.error).toContain('Too many failed logins from your network.');
      expect((await login(cook.username, cook.password, '192.0.2.78')).status).toBe(200);
    });

    it('takes the address from the connection only: X-Forwarded-For neither escapes nor moves the limit', async () => {
      const ip = '192.0.2.88';
      await db()
        .insertInto('rate_limits')
        .values({ key: `login:ip:${ip}`, count: LOGIN_IP_LIMIT.max })
        .execute();
      for (const forged of ['192.0.2.89', '192.0.2.89, 10.0.0.1'])
        expect((await login(cook.username, cook.password, ip, { 'x-forwarded-for': forged })).status).toBe(
          429,
        );
      // A header naming the blocked address does not lock out another client either.
      expect(
        (await login(cook.username, cook.password, '192.0.2.90', { 'x-forwarded-for': ip })).status,
      ).toBe(200);
    });

    it('a successful login clears the account counter and does not count against the address', async () => {
      const user = await signUp('forgetful');
      const ip = '192.0.2.150';
      for (let i = 0; i < 3; i++) await login(user.username, `nope-${i}-nope`, ip);
      expect((await counter(`login:account:${user.username.toLowerCase()}`))?.count).toBe(3);
      expect((await login(user.username, user.password, ip)).status).toBe(200);
      expect(await counter(`login:account:${user.username.toLowerCase()}`)).toBeUndefined();
      expect((await counter(`login:ip:${ip}`))?.count).toBe(3);
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
