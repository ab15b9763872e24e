// The session cookie is HttpOnly, so scripts cannot tell whether anyone is signed in. Beside it
// the server sets this harmless, readable hint (no token, only "1"), so a visitor who never
// signed in is known to be anonymous without asking /api/auth/me (whose 401 a browser logs as
// a console error on every page).

export const SIGNED_IN_HINT_COOKIE = 'forkful_signed_in';

/** False only when the hint is certainly absent; without a document (tests, build) it cannot tell. */
export function mayBeSignedIn(cookieHeader: string | undefined = globalThis.document?.cookie): boolean {
  if (cookieHeader === undefined) return true;
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
