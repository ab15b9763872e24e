// Signing up: what makes an account, what is refused, how the password is stored.
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import auth from '../../functions/auth.ts';
import { PASSWORD_COST } from '../../db/password-cost.ts';
import { cookieFrom, type TestAccount } from '../helpers/accounts.ts';
import { callRoute, unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAuthSuite, me, login } from '../helpers/auth-suite.ts';

describe.skipIf(!databaseAvailable)(`auth API on ${engine}`, () => {
  const { userCount, passwordHash, cook } = useAuthSuite();

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
});
