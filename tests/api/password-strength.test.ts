import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import auth from '../../functions/auth.ts';
import { WEAK_PASSWORD_LEAD } from '../../src/lib/password-strength.ts';
import { signUp } from '../helpers/accounts.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The server refuses guessable passwords at sign-up and password change with a
// sentence saying why, and changes nothing.

const WEAK = [
  ['password123', 'This is a commonly used password.'],
  ['admin123', 'This is a commonly used password.'],
  ['Passw0rd!', 'This is similar to a commonly used password.'],
  ['sunshine1', 'This is a commonly used password.'],
  ['qwerty123', null],
  ['iloveyou', null],
  ['letmein', null],
  ['abcdefgh', 'Common character sequences like "abc" are easy to guess.'],
] as const;

const fresh = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

describe.skipIf(!databaseAvailable)(`password strength on ${engine}`, () => {
  const db = useTestDatabase();
  const users = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db())).rows[0]!.n);

  it.each(WEAK)('sign-up with %j is refused with a reason, and creates nobody', async (password, warning) => {
    const before = await users();
    const res = await callRoute(auth, 'POST', '/api/auth/signup', {
      body: { username: fresh('pw'), email: `${fresh('pw')}@example.com`, password },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^${WEAK_PASSWORD_LEAD.replace('.', '\\.')} `));
    if (warning) expect(res.body.error).toContain(warning);
    expect(res.body.issues).toEqual([{ path: 'password', message: res.body.error }]);
    expect(await users()).toBe(before);
  });

  it('a password made of the username is refused', async () => {
    const username = fresh('marjoram');
    const res = await callRoute(auth, 'POST', '/api/auth/signup', {
      body: { username, email: `${fresh('m')}@example.com`, password: `${username}!` },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues?.[0]?.path).toBe('password');
  });

  it('a password change to a weak password is refused and the old one still works', async () => {
    const cook = await signUp('pwchange');
    for (const newPassword of ['password123', 'sunshine1', 'Passw0rd!']) {
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        headers: { cookie: cook.cookie },
        body: { currentPassword: cook.password, newPassword },
      });
      expect(res.status, newPassword).toBe(400);
      expect(res.body.error?.startsWith(WEAK_PASSWORD_LEAD)).toBe(true);
      expect(res.body.issues).toEqual([{ path: 'newPassword', message: res.body.error }]);
    }
    const login = await callRoute(auth, 'POST', '/api/auth/login', {
      body: { username: cook.username, password: cook.password },
    });
    expect(login.status).toBe(200);
  });

  it('a wrong current password is reported before the new one is judged', async () => {
    const cook = await signUp('pwwrong');
    const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
      headers: { cookie: cook.cookie },
      body: { currentPassword: 'not-my-password', newPassword: 'password123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Current password is incorrect');
  });

  it.each(['saffron-risotto-42', 'correct horse battery staple', 'Tr0ub4dor&3-basil'])(
    'a strong password %j is accepted',
    async (password) => {
      const res = await callRoute(auth, 'POST', '/api/auth/signup', {
        body: { username: fresh('pw_ok'), email: `${fresh('ok')}@example.com`, password },
      });
      expect(res.status).toBe(201);
    },
  );

  it('a strong new password is accepted at password change', async () => {
    const cook = await signUp('pwgood');
    const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
      headers: { cookie: cook.cookie },
      body: { currentPassword: cook.password, newPassword: 'paprika-lantern-1987' },
    });
    expect(res.status).toBe(200);
  });
});
