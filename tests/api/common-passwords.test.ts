import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import auth from '../../functions/auth.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../functions/_shared/common-passwords.ts';
import { as, signUp } from '../helpers/accounts.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`common passwords on ${engine}`, () => {
  const db = useTestDatabase();
  const users = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db())).rows[0]!.n);

  it.each(['password', '123456', 'qwerty123', 'Sunshine', 'letmein'])(
    'sign-up with %j is refused and creates nobody',
    async (password) => {
      const before = await users();
      const res = await call(auth, '/api/auth/signup', {
        method: 'POST',
        json: {
          username: `pw_${Math.random().toString(36).slice(2, 8)}`,
          email: `${Math.random().toString(36).slice(2, 8)}@example.com`,
          password,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(COMMON_PASSWORD_MESSAGE);
      expect(res.body.issues).toEqual([{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);
      expect(await users()).toBe(before);
    },
  );

  it('a password change to a common password is refused and the old one still works', async () => {
    const cook = await signUp('pwchange');
    const res = await call(auth, '/api/auth/change-password', {
      method: 'POST',
      ...as(cook),
      json: { currentPassword: cook.password, newPassword: 'iloveyou' },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('newPassword');
    const login = await call(auth, '/api/auth/login', {
      method: 'POST',
      json: { username: cook.username, password: cook.password },
    });
    expect(login.status).toBe(200);
  });

  it('an uncommon password is accepted', async () => {
    const res = await call(auth, '/api/auth/signup', {
      method: 'POST',
      json: {
        username: `pw_ok_${Math.random().toString(36).slice(2, 8)}`,
        email: `ok${Math.random().toString(36).slice(2, 8)}@example.com`,
        password: 'saffron-risotto-42',
      },
    });
    expect(res.status).toBe(201);
  });
});
