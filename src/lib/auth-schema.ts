import * as v from 'valibot';
import { objectMessage } from './schema-messages.ts';

// Account forms and payloads (SPEC §5, DESIGN.md §7). The server validates with these very
// schemas and the dialogs use them for their inline messages, so both say the same thing.

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;
export const PASSWORD_MIN = 6;
/** bcrypt reads only the first 72 bytes; longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const EMAIL_MAX = 254;

export const MESSAGES = {
  usernameShort: 'Username must be at least 3 characters',
  usernameLong: `Username must be at most ${USERNAME_MAX} characters`,
  usernameCharacters: 'Username may contain only letters, digits, and the characters _ . -',
  passwordShort: 'Password must be at least 6 characters',
  passwordLong: `Password is too long: at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} plain letters, fewer with accents or emoji)`,
  emailInvalid: 'Invalid email address',
  emailLong: `Email must be at most ${EMAIL_MAX} characters`,
  passwordsDiffer: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Please confirm your password',
} as const;

/** UTF-8 length, the measure bcrypt truncates at (the same rule as bcrypt.truncates). */
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

const fitsBcrypt = v.check<string, string>((s) => utf8Length(s) <= PASSWORD_MAX_BYTES, MESSAGES.passwordLong);

/** A new username: 3–40 letters, digits, `_`, `.` or `-` (no spaces, nothing that looks like markup). */
export const Username = v.pipe(
  v.string(MESSAGES.usernameShort),
  v.trim(),
  v.minLength(USERNAME_MIN, MESSAGES.usernameShort),
  v.maxLength(USERNAME_MAX, MESSAGES.usernameLong),
  v.regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.usernameCharacters),
);

/** A username typed at login: only the SPEC length rule (a wrong one is just "invalid"). */
export const LoginUsername = v.pipe(
  v.string(MESSAGES.usernameShort),
  v.trim(),
  v.minLength(USERNAME_MIN, MESSAGES.usernameShort),
  v.maxLength(USERNAME_MAX, MESSAGES.usernameLong),
);

/** A password: at least 6 characters and at most 72 UTF-8 bytes. */
export const Password = v.pipe(v.string(MESSAGES.passwordShort), v.minLength(PASSWORD_MIN, MESSAGES.passwordShort), fitsBcrypt);

export const Email = v.pipe(
  v.string(MESSAGES.emailInvalid),
  v.trim(),
  v.maxLength(EMAIL_MAX, MESSAGES.emailLong),
  v.email(MESSAGES.emailInvalid),
);

/** POST /api/auth/login */
export const LoginRequest = v.object(
  { username: LoginUsername, password: Password },
  objectMessage({ username: MESSAGES.usernameShort, password: MESSAGES.passwordShort }),
);

/** POST /api/auth/signup */
const signupMissing = { username: MESSAGES.usernameShort, email: MESSAGES.emailInvalid, password: MESSAGES.passwordShort };
export const SignupRequest = v.object({ username: Username, email: Email, password: Password }, objectMessage(signupMissing));

/** POST /api/auth/change-password */
const changeMissing = { currentPassword: MESSAGES.currentPasswordRequired, newPassword: MESSAGES.passwordShort };
export const ChangePasswordRequest = v.object(
  {
    currentPassword: v.pipe(v.string(MESSAGES.currentPasswordRequired), v.nonEmpty(MESSAGES.currentPasswordRequired), fitsBcrypt),
    newPassword: Password,
  },
  objectMessage(changeMissing),
);

/** The sign-up form: the request plus confirmPassword, which never leaves the browser. */
export const SignupForm = v.pipe(
  v.object(
    { ...SignupRequest.entries, confirmPassword: v.string(MESSAGES.passwordsDiffer) },
    objectMessage({ ...signupMissing, confirmPassword: MESSAGES.passwordsDiffer }),
  ),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (f) => f.password === f.confirmPassword, MESSAGES.passwordsDiffer),
    ['confirmPassword'],
  ),
);

/** The change-password form (account settings and the admin Password tab). */
export const ChangePasswordForm = v.pipe(
  v.object(
    {
      ...ChangePasswordRequest.entries,
      confirmPassword: v.pipe(v.string(MESSAGES.confirmPasswordRequired), v.nonEmpty(MESSAGES.confirmPasswordRequired)),
    },
    objectMessage({ ...changeMissing, confirmPassword: MESSAGES.confirmPasswordRequired }),
  ),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (f) => f.newPassword === f.confirmPassword, MESSAGES.passwordsDiffer),
    ['confirmPassword'],
  ),
);

export type LoginInput = v.InferInput<typeof LoginRequest>;
export type SignupInput = v.InferInput<typeof SignupRequest>;
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordRequest>;

/** The signed-in user as the API returns it (SPEC §3 "User (session)"). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
}

/**
 * The first message per field, for inline form errors: { username: '…', confirmPassword: '…' }.
 * Undefined when the value is valid.
 */
export function fieldErrors<S extends v.GenericSchema>(schema: S, value: unknown): Record<string, string> | undefined {
  const result = v.safeParse(schema, value);
  if (result.success) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    errors[key] ??= issue.message;
  }
  return errors;
}
