import auth from '../../functions/auth.ts';
import { cookieFrom, signUp, type TestAccount } from './accounts.ts';
import { call } from './test-db.ts';

/** The seeded admin's password in the test templates (global-setup-*.ts). */
export const TEST_ADMIN_PASSWORD = 'admin-test-password';

/** Logs the seeded admin in; returns an account usable with `as()`. */
export async function logInAdmin(): Promise<TestAccount> {
  const res = await call(auth, '/api/auth/login', {
    method: 'POST',
    json: { username: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`Admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.id,
    username: 'admin',
    email: 'admin@forkful.example',
    password: TEST_ADMIN_PASSWORD,
    cookie: cookieFrom(res.headers),
  };
}

/** An anonymous caller, a signed-in cook and the admin: the guard matrix of an admin route. */
export async function guardAccounts(): Promise<{ cook: TestAccount; admin: TestAccount }> {
  return { cook: await signUp('cook'), admin: await logInAdmin() };
}
