import { afterAll, beforeAll, expect } from 'vitest';
import auth from '../../functions/auth.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import { cookieFrom, signUp, type TestAccount } from './accounts.ts';
import { callRoute } from './test-db.ts';

/** The seeded admin's password in the test templates (global-setup-*.ts). */
export const TEST_ADMIN_PASSWORD = 'admin-test-password';

/** Logs the seeded admin in; returns an account usable with `as()`. */
export async function logInAdmin(): Promise<TestAccount> {
  const res = await callRoute(auth, 'POST', '/api/auth/login', {
    body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
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

/**
 * The setup every admin API suite shares: no build hook while it runs (its writes publish to
 * nowhere), the guard accounts signed in before its tests, and publishes still under way awaited
 * after them. The accounts are filled in place in beforeAll, so a suite may destructure them at once.
 */
export function useAdminSuite(): { cook: TestAccount; admin: TestAccount } {
  const accounts = { cook: {} as TestAccount, admin: {} as TestAccount };
  const savedHook = process.env.BUILD_HOOK_URL;
  beforeAll(async () => {
    delete process.env.BUILD_HOOK_URL;
    const signedIn = await guardAccounts();
    Object.assign(accounts.cook, signedIn.cook);
    Object.assign(accounts.admin, signedIn.admin);
  });
  afterAll(async () => {
    await publishingSettled();
    if (savedHook !== undefined) process.env.BUILD_HOOK_URL = savedHook;
  });
  return accounts;
}

/** The headers a guarded request goes with: none (anonymous) or a session cookie. */
export type SessionHeaders = Record<string, string>;

/** One admin request, made with the headers given (see expectAdminOnly). */
export type AdminRequest = (headers: SessionHeaders) => Promise<{ status: number; body: { error?: string } }>;

/**
 * An admin route refuses everyone else: 401 and a log-in sentence without a session, 403 and an
 * admin sentence for a signed-in cook.
 */
export async function expectAdminOnly(cook: TestAccount, send: AdminRequest): Promise<void> {
  const anonymous = await send({});
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.error).toMatch(/log in/i);
  const asCook = await send({ cookie: cook.cookie });
  expect(asCook.status).toBe(403);
  expect(asCook.body.error).toMatch(/admin/i);
}
