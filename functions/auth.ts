import bcrypt from 'bcryptjs';
import crypto from 'node:crypto';
import { getDb } from '../db/client.ts';
import { PASSWORD_COST } from '../db/password-cost.ts';
import { ChangePasswordInputSchema, LoginInputSchema, SignupInputSchema } from '../src/lib/schemas/user.ts';
import { ApiError, badRequest, json, readJson } from './_shared/http.ts';
import { assertStrongPassword } from './_shared/password-policy.ts';
import {
  clearCounter,
  clientIp,
  forgiveHit,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_IP_LIMIT,
  SIGNUP_IP_LIMIT,
  throttle,
} from './_shared/rate-limit.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  clearedSessionCookie,
  optionalUser,
  requireUser,
  sessionCookie,
  sessionKey,
  signedInHintCookie,
} from './_shared/session.ts';
import {
  bumpSessionVersion,
  createUser,
  findUserForLogin,
  isUniqueViolation,
  passwordHashOf,
  setPasswordHash,
  usernameOrEmailTaken,
} from './_shared/services/users.ts';
import { publicUser } from '../db/mappers/user.ts';

// Accounts. Every answer here is `private, no-store` (json()'s
// default). Logout ends the user's sessions everywhere: it bumps the session version that every
// token carries, which is the only way to revoke self-contained tokens (ASVS 7.4.1).

export const config: Config = {
  path: [
    '/api/auth/signup',
    '/api/auth/login',
    '/api/auth/logout',
    '/api/auth/me',
    '/api/auth/change-password',
  ],
  method: ['GET', 'POST'],
};

const INVALID_LOGIN = 'Invalid username or password';
const DUPLICATE = 'Username or email already exists';

/**
 * A real bcrypt hash of a random secret at the real cost: unknown users and sample accounts are
 * compared against it, so a wrong username takes as long as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
const timingDummy = () =>
  (dummyHash ??= bcrypt.hash(crypto.randomBytes(18).toString('base64'), PASSWORD_COST));

/** Sample reviewers carry a placeholder that is no bcrypt hash: such accounts never log in. */
const isBcryptHash = (hash: string) => /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash);

async function passwordMatches(password: string, hash: string | undefined): Promise<boolean> {
  if (hash && isBcryptHash(hash)) return bcrypt.compare(password, hash);
  await bcrypt.compare(password, await timingDummy());
  return false;
}

export default defineRoutes([
  {
    method: 'POST',
    path: '/api/auth/signup',
    handler: async (req, { netlify }) => {
      sessionKey(); // 503 before anything is written when sessions cannot be issued
      const input = await readJson(req, SignupInputSchema);
      await assertStrongPassword(input.password, 'password', [input.username, input.email]);
      const db = getDb();
      await throttle(
        db,
        `signup:ip:${clientIp(req, netlify)}`,
        SIGNUP_IP_LIMIT,
        'Too many sign-ups from your network.',
      );
      if (await usernameOrEmailTaken(db, input.username, input.email)) throw new ApiError(409, DUPLICATE);
      const passwordHash = await bcrypt.hash(input.password, PASSWORD_COST);
      let user;
      try {
        user = await createUser(db, { username: input.username, email: input.email, passwordHash });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(409, DUPLICATE);
        throw err;
      }
      return json(publicUser(user), {
        status: 201,
        cookies: [await sessionCookie(req, user), signedInHintCookie(req, true)],
      });
    },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    handler: async (req, { netlify }) => {
      sessionKey();
      const input = await readJson(req, LoginInputSchema);
      const db = getDb();
      const accountKey = `login:account:${input.username.toLowerCase()}`;
      const ipKey = `login:ip:${clientIp(req, netlify)}`;
      await throttle(db, ipKey, LOGIN_IP_LIMIT, 'Too many failed logins from your network.');
      await throttle(db, accountKey, LOGIN_ACCOUNT_LIMIT, 'Too many failed logins for this account.');
      const user = await findUserForLogin(db, input.username);
      const matches = await passwordMatches(input.password, user?.passwordHash);
      if (!user || !matches) throw new ApiError(401, INVALID_LOGIN);
      await clearCounter(db, accountKey);
      await forgiveHit(db, ipKey);
      return json(publicUser(user), {
        cookies: [await sessionCookie(req, user), signedInHintCookie(req, true)],
      });
    },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    handler: async (req) => {
      const user = await optionalUser(req);
      if (user) await bumpSessionVersion(getDb(), user.id);
      return json(
        { success: true },
        { cookies: [clearedSessionCookie(req), signedInHintCookie(req, false)] },
      );
    },
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    handler: async (req) => {
      const user = await optionalUser(req);
      // Anonymous (or a dead token): also drop the readable hint, so the page stops asking.
      if (!user)
        throw new ApiError(401, 'Please log in', {
          headers: { 'Set-Cookie': signedInHintCookie(req, false) },
        });
      return json(publicUser(user));
    },
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    handler: async (req) => {
      const user = await requireUser(req);
      const input = await readJson(req, ChangePasswordInputSchema);
      const db = getDb();
      // A stolen session must not become a way to guess the password: same budget as logins.
      const accountKey = `login:account:${user.username.toLowerCase()}`;
      await throttle(db, accountKey, LOGIN_ACCOUNT_LIMIT, 'Too many wrong passwords for this account.');
      if (!(await passwordMatches(input.currentPassword, await passwordHashOf(db, user.id)))) {
        throw badRequest('Current password is incorrect', [
          { path: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      await clearCounter(db, accountKey);
      // After the current password: a wrong one is the answer that matters to the person typing.
      await assertStrongPassword(input.newPassword, 'newPassword', [user.username, user.email]);
      const sessionVersion = await setPasswordHash(
        db,
        user.id,
        await bcrypt.hash(input.newPassword, PASSWORD_COST),
      );
      // Every other browser is now logged out; this one continues with a fresh token.
      return json(
        { success: true },
        {
          cookies: [await sessionCookie(req, { id: user.id, sessionVersion }), signedInHintCookie(req, true)],
        },
      );
    },
  },
]);
