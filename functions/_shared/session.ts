import { SIGNED_IN_HINT_COOKIE } from '../../src/lib/session-hint.ts';
import { jwtVerify, SignJWT } from 'jose';
import { getDb, type Db } from '../../db/client.ts';
import { ApiError } from './http.ts';
import { findUserById, type UserRecord } from './services/users.ts';

// Sessions (docs/DECISIONS.md "Sessions and roles"): an HS256 JWT made with jose in an
// HttpOnly cookie. Every verification pins the algorithm and checks typ, iss, aud, exp and the
// token's age, then compares the token's session version (`sv`) with the user's row, so logout
// and password changes kill every older token at once.

/** Absolute lifetime of a session; after it the person logs in again. */
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
export const SESSION_ISSUER = 'forkful';
export const SESSION_AUDIENCE = 'forkful:web';
/** Explicit token type (RFC 8725 §3.11): no other kind of JWT can pass as a session. */
export const SESSION_TYP = 'session+jwt';
const ALGORITHM = 'HS256';
/** jose accepts even a 1-byte HMAC key, so the length is enforced here. */
export const MIN_SECRET_BYTES = 32;

/** Cookie names: `__Host-` needs https; http://localhost gets a plain name (browsers drop Secure there). */
export const SECURE_COOKIE = '__Host-session';
export const LOCAL_COOKIE = 'session';

/** The signing key from JWT_SECRET, or a 503 when it is missing or too short to be safe. */
export function sessionKey(): Uint8Array {
  const secret = process.env.JWT_SECRET ?? '';
  const key = new TextEncoder().encode(secret);
  if (key.length < MIN_SECRET_BYTES) {
    if (secret)
      console.error(
        `[session] JWT_SECRET is ${key.length} bytes; at least ${MIN_SECRET_BYTES} random bytes are required.`,
      );
    else console.error('[session] JWT_SECRET is not set.');
    throw new ApiError(503, 'Sessions are not configured');
  }
  return key;
}

/** Signs a session token for a user at their current session version. */
export async function issueSessionToken(user: { id: number; sessionVersion: number }): Promise<string> {
  return new SignJWT({ sv: user.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: SESSION_TYP })
    .setSubject(String(user.id))
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(sessionKey());
}

/** The claims of a valid token, or null for anything forged, expired, mistyped or malformed. */
export async function verifySessionToken(
  token: string,
): Promise<{ userId: number; sessionVersion: number } | null> {
  const key = sessionKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      typ: SESSION_TYP,
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      maxTokenAge: SESSION_TTL_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat', 'sv'],
    });
    const userId = /^[1-9]\d{0,9}$/.test(payload.sub ?? '') ? Number(payload.sub) : NaN;
    const sessionVersion = payload.sv;
    if (
      !Number.isSafeInteger(userId) ||
      typeof sessionVersion !== 'number' ||
      !Number.isInteger(sessionVersion)
    )
      return null;
    return { userId, sessionVersion };
  } catch {
    return null;
  }
}

/** True when the request arrived over https (always on Netlify) or from a non-loopback host. */
function usesSecureCookie(req: Request): boolean {
  const url = new URL(req.url);
  if (url.protocol === 'https:') return true;
  const host = url.hostname;
  const loopback =
    host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
  // Plain http on a public host would expose the token: give it the Secure name, which the
  // browser refuses to store over http, rather than a cookie anyone on the path can read.
  return !loopback;
}

export function sessionCookieName(req: Request): string {
  return usesSecureCookie(req) ? SECURE_COOKIE : LOCAL_COOKIE;
}

function cookieAttributes(req: Request, maxAge: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${usesSecureCookie(req) ? '; Secure' : ''}`;
}

/** The Set-Cookie value carrying a fresh session for this user. */
export async function sessionCookie(
  req: Request,
  user: { id: number; sessionVersion: number },
): Promise<string> {
  const token = await issueSessionToken(user);
  return `${sessionCookieName(req)}=${token}; ${cookieAttributes(req, SESSION_TTL_SECONDS)}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(req: Request): string {
  return `${sessionCookieName(req)}=; ${cookieAttributes(req, 0)}`;
}

/** The readable "signed in" hint set beside the session cookie (see src/lib/session-hint.ts). */
export function signedInHintCookie(req: Request, signedIn: boolean): string {
  const maxAge = signedIn ? SESSION_TTL_SECONDS : 0;
  return `${SIGNED_IN_HINT_COOKIE}=${signedIn ? '1' : ''}; Path=/; SameSite=Lax; Max-Age=${maxAge}${usesSecureCookie(req) ? '; Secure' : ''}`;
}

/** The raw session token from the request's Cookie header, if any. */
export function sessionToken(req: Request): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  const name = sessionCookieName(req);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** The signed-in user of a request (row re-read, so a bumped session version logs the token out). */
export async function optionalUser(req: Request, db: Db = getDb()): Promise<UserRecord | null> {
  const token = sessionToken(req);
  // No cookie: anonymous, even where sessions are not configured (public reads keep working).
  if (!token) return null;
  const claims = await verifySessionToken(token);
  if (!claims) return null;
  const user = await findUserById(db, claims.userId);
  if (!user || user.sessionVersion !== claims.sessionVersion) return null;
  return user;
}

/** The signed-in user, or a 401 with `message` (default 'Please log in'). */
export async function requireUser(
  req: Request,
  message = 'Please log in',
  db: Db = getDb(),
): Promise<UserRecord> {
  const user = await optionalUser(req, db);
  if (!user) throw new ApiError(401, message);
  return user;
}

/** The one administrator account: the user named `admin`. */
export const ADMIN_USERNAME = 'admin';

export const ADMIN_MESSAGES = {
  loginRequired: 'Please log in as the admin to do this.',
  notAdmin: 'Only the admin can do this. Log out and log back in as the admin.',
} as const;

/** True for the admin account (usernames are unique case-insensitively). */
export function isAdmin(user: { username: string } | null | undefined): boolean {
  return user?.username.toLowerCase() === ADMIN_USERNAME;
}

/**
 * The admin user, or a 401 (no valid session) / 403 (signed in as someone else). Call it first
 * in every admin handler, before reading the body: a refused request changes nothing.
 */
export async function requireAdmin(req: Request, db: Db = getDb()): Promise<UserRecord> {
  const user = await optionalUser(req, db);
  if (!user) throw new ApiError(401, ADMIN_MESSAGES.loginRequired);
  if (!isAdmin(user)) throw new ApiError(403, ADMIN_MESSAGES.notAdmin);
  return user;
}
