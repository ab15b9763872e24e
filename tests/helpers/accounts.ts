import auth from '../../functions/auth.ts';
import { callRoute } from './test-db.ts';

// Accounts for API tests: real sign-ups through the auth handler (real bcrypt cost), so every
// test holds a genuine session cookie. Create them once per file (beforeAll): each costs a hash.

/** ≥ 32 bytes, as the session module demands; tests never depend on the local .data secret. */
export const TEST_JWT_SECRET = 'forkful-api-tests-secret-3f9c1e7a5b2d4f608a1c';
process.env.JWT_SECRET = TEST_JWT_SECRET;

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
  /** The Cookie header value carrying this account's session. */
  cookie: string;
}

/** `session=…` from a response's Set-Cookie (attributes dropped), for the next request. */
export function cookieFrom(headers: Headers): string {
  const setCookie = sessionSetCookie(headers);
  if (!setCookie) throw new Error('The response set no session cookie.');
  return setCookie.split(';')[0]!;
}

/** The Set-Cookie line of the session cookie itself (the readable sign-in hint is another line). */
export function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => /^(__Host-)?session=/.test(line));
}

let counter = 0;

/** Signs up a fresh account whose name starts with `prefix`. */
export async function signUp(prefix: string, password = 'pass-word-42'): Promise<TestAccount> {
  counter += 1;
  const username = `${prefix}_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const email = `${username}@example.com`;
  const res = await callRoute(auth, 'POST', '/api/auth/signup', { body: { username, email, password } });
  if (res.status !== 201) throw new Error(`Sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, username, email, password, cookie: cookieFrom(res.headers) };
}

/** Request init with the account's session cookie added. */
export function as(
  account: { cookie: string },
  init: RequestInit & { json?: unknown } = {},
): RequestInit & { json?: unknown } {
  const headers = new Headers(init.headers);
  headers.set('cookie', account.cookie);
  return { ...init, headers };
}
