import { describe, expect, it } from 'vitest';
import {
  MIN_PASSWORD_SCORE,
  passwordStrength,
  WEAK_PASSWORD_LEAD,
  weakPasswordMessage,
} from '../../src/lib/password-strength.ts';

// The one rule for new passwords (server and forms): zxcvbn's score must reach 3.

describe('passwordStrength', () => {
  it.each(['password123', 'admin123', 'Passw0rd!', 'sunshine1', 'qwertyuiop', 'abcdef123', 'iloveyou2'])(
    '%j is refused',
    (password) => {
      const strength = passwordStrength(password);
      expect(strength.score).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(strength.acceptable).toBe(false);
    },
  );

  it.each(['saffron-risotto-42', 'correct horse battery staple', 'paprika-lantern-1987'])(
    '%j is accepted',
    (password) => {
      expect(passwordStrength(password).acceptable).toBe(true);
    },
  );

  it('counts the username and the email (and its local part) as known to an attacker', () => {
    const password = 'quillfeather-ravine';
    expect(passwordStrength(password).acceptable).toBe(true);
    expect(passwordStrength(password, ['quillfeather-ravine']).acceptable).toBe(false);
    expect(passwordStrength(password, ['quillfeather-ravine@example.com']).acceptable).toBe(false);
  });

  it('the refusal says why and what to do', () => {
    const message = weakPasswordMessage(passwordStrength('password123'));
    expect(message).toBe(
      `${WEAK_PASSWORD_LEAD} This is a commonly used password. Add more words that are less common.`,
    );
    // No warning from the estimator: the advice alone.
    expect(weakPasswordMessage({ score: 2, acceptable: false, warning: null, suggestions: [] })).toBe(
      `${WEAK_PASSWORD_LEAD} Use a few unrelated words, or a longer mix of letters, digits and symbols.`,
    );
  });
});
