import bcrypt from 'bcryptjs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  LoginInputSchema,
  MESSAGES,
  PASSWORD_MAX_BYTES,
  SignupFormSchema,
  SignupInputSchema,
  utf8Length,
} from '../../src/lib/schemas/user.ts';
import { fieldErrors } from '../../src/lib/schemas/issues.ts';

// The same schemas validate the dialogs and the API, so their messages are the same in both.

const validSignup = {
  username: 'home_cook',
  email: 'cook@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('sign-up form', () => {
  it('accepts a valid form and trims the username and email', () => {
    const out = v.parse(SignupFormSchema, {
      ...validSignup,
      username: '  home_cook ',
      email: ' cook@example.com ',
    });
    expect(out).toMatchObject({ username: 'home_cook', email: 'cook@example.com' });
  });

  it.each<[string, Partial<typeof validSignup>, Record<string, string>]>([
    ['short username', { username: 'ab' }, { username: 'Username must be at least 3 characters' }],
    ['username of spaces', { username: '     ' }, { username: 'Username must be at least 3 characters' }],
    ['username with a space', { username: 'home cook' }, { username: MESSAGES.usernameCharacters }],
    ['bad email', { email: 'cook@' }, { email: 'Invalid email address' }],
    [
      'short password',
      { password: '12345', confirmPassword: '12345' },
      { password: 'Password must be at least 6 characters' },
    ],
    ['different confirmation', { confirmPassword: 'secret2' }, { confirmPassword: "Passwords don't match" }],
    [
      'password over 72 bytes',
      { password: 'é'.repeat(37), confirmPassword: 'é'.repeat(37) },
      { password: MESSAGES.passwordLong },
    ],
  ])('%s → the field message', (_name, change, errors) => {
    expect(fieldErrors(SignupFormSchema, { ...validSignup, ...change })).toEqual(errors);
  });

  it('names every missing field with its own sentence', () => {
    expect(fieldErrors(SignupInputSchema, {})).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('login form', () => {
  it.each([
    [{ username: 'ab', password: 'secret1' }, { username: 'Username must be at least 3 characters' }],
    [{ username: 'cook', password: '123' }, { password: 'Password must be at least 6 characters' }],
    [{ username: 'cook', password: 'secret1' }, undefined],
  ])('%o → %o', (value, errors) => {
    expect(fieldErrors(LoginInputSchema, value)).toEqual(errors);
  });
});

describe('change-password form', () => {
  it.each([
    [
      { currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      { currentPassword: 'Current password is required' },
    ],
    [
      { currentPassword: 'old-one', newPassword: 'abc', confirmPassword: 'abc' },
      { newPassword: 'Password must be at least 6 characters' },
    ],
    [
      { currentPassword: 'old-one', newPassword: 'abcdef', confirmPassword: '' },
      { confirmPassword: 'Please confirm your password' },
    ],
    [
      { currentPassword: 'old-one', newPassword: 'abcdef', confirmPassword: 'abcdeg' },
      { confirmPassword: "Passwords don't match" },
    ],
    [{ currentPassword: 'old-one', newPassword: 'abcdef', confirmPassword: 'abcdef' }, undefined],
  ])('%o → %o', (value, errors) => {
    expect(fieldErrors(ChangePasswordFormSchema, value)).toEqual(errors);
  });
});

describe('the 72-byte password limit matches bcrypt.truncates', () => {
  it.each([
    ['72 ASCII letters', 'a'.repeat(72)],
    ['73 ASCII letters', 'a'.repeat(73)],
    ['24 euro signs (72 bytes)', '€'.repeat(24)],
    ['25 euro signs (75 bytes)', '€'.repeat(25)],
    ['18 emoji (72 bytes)', '🍅'.repeat(18)],
    ['19 emoji (76 bytes)', '🍅'.repeat(19)],
  ])('%s', (_name, password) => {
    const refused = v.safeParse(LoginInputSchema, { username: 'cook', password }).success === false;
    expect(refused).toBe(bcrypt.truncates(password));
    expect(utf8Length(password) > PASSWORD_MAX_BYTES).toBe(bcrypt.truncates(password));
  });
});
