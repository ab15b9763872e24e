import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
// File by file: the package's index would also bring the two dictionaries left out (see below).
import commonWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';

// How hard a new password is to guess (ASVS 6.2.4/6.2.7): zxcvbn-ts with its
// common-password list (~30,000 leaked passwords), diceware words and English dictionaries, so
// "password123", "Passw0rd!" or "sunshine1" are recognised for what they are, and the feedback
// says why. The server refuses weak passwords at sign-up and password change; the forms show the
// same verdict, from this same module, while the user types.
//
// English last names (246 KB gzip) and Wikipedia words (130 KB gzip) are left out: they would
// nearly double the chunk the browser loads for the form, and without them every one of the
// 7,688 entries of a 10,000-most-common list that meet the length rule is still refused but one
// (measured). The server imports this module only when a password is set, the browser only
// when a new-password field is used.

/** zxcvbn's scale: 0 too guessable … 4 very unguessable. 3 resists an offline attack on a slow hash. */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score accepted for a new password. */
export const MIN_PASSWORD_SCORE: PasswordScore = 3;

/** The first sentence of every refusal (tests and forms can recognise it). */
export const WEAK_PASSWORD_LEAD = 'This password is too easy to guess.';

export interface PasswordStrength {
  score: PasswordScore;
  /** True when the password may be used. */
  acceptable: boolean;
  /** What makes it guessable ("This is a commonly used password."), or null. */
  warning: string | null;
  /** How to make it stronger. */
  suggestions: string[];
}

let estimator: ZxcvbnFactory | undefined;

/** Builds the ranked dictionaries once (~100 ms), on first use. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: {
      ...commonDictionary,
      'commonWords-en': commonWords,
      'firstnames-en': firstnames,
      ...wordSequences,
    },
  });
  return estimator;
}

/** zxcvbn's own limit: longer input is cut (the tail adds no guessing cost worth the time). */
const MAX_CHECKED_LENGTH = 100;

/**
 * The strength of `password`. `userInputs` are things an attacker would try first: the username,
 * the email and its local part, the site's name.
 */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const inputs = userInputs
    .flatMap((input) => {
      const trimmed = input.trim().toLowerCase();
      const local = trimmed.includes('@') ? trimmed.slice(0, trimmed.indexOf('@')) : '';
      return [trimmed, local];
    })
    .filter((input) => input.length >= 3);
  const result = zxcvbn().check(password.slice(0, MAX_CHECKED_LENGTH), ['forkful', ...inputs]);
  const score = result.score as PasswordScore;
  return {
    score,
    acceptable: score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}

/** The sentence shown when a password is refused: why, and what to do instead. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  const advice =
    strength.suggestions.length > 0
      ? strength.suggestions.join(' ')
      : 'Use a few unrelated words, or a longer mix of letters, digits and symbols.';
  return [WEAK_PASSWORD_LEAD, strength.warning, advice].filter(Boolean).join(' ');
}
