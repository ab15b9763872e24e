// The calls and setup the auth API suites share: who the session cookie says, a login from an
// address, counts and password hashes straight from the users table, and a cook signed up.
import { sql } from 'kysely';
import { beforeAll } from 'vitest';
import auth from '../../functions/auth.ts';
import { signUp, type TestAccount } from './accounts.ts';
import { callRoute, useTestDatabase } from './test-db.ts';

export const me = (cookie?: string) =>
  callRoute(auth, 'GET', '/api/auth/me', { headers: cookie ? { cookie } : {} });
/** `ip` is the client's address as Netlify's context.ip carries it. */
export const login = (
  username: string,
  password: string,
  ip?: string,
  headers: Record<string, string> = {},
) => callRoute(auth, 'POST', '/api/auth/login', { body: { username, password }, headers, ip });

/** Registers the auth suite's hooks; the cook is filled in place in beforeAll, so a suite may destructure it at once. */
export function useAuthSuite() {
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

  const cook = {} as TestAccount;
  beforeAll(async () => {
    Object.assign(cook, await signUp('cook'));
  });

  return { db, userCount, passwordHash, cook };
}
