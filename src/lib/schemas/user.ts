import * as v from 'valibot';
import { objectMessage } from './messages.ts';

// Accounts: the sign-up, login and password payloads and forms,
// and the public user. The server validates with these very
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
export const UsernameSchema = v.pipe(
  v.string(MESSAGES.usernameShort),
  v.trim(),
  v.minLength(USERNAME_MIN, MESSAGES.usernameShort),
  v.maxLength(USERNAME_MAX, MESSAGES.usernameLong),
  v.regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.usernameCharacters),
);

/** A username typed at login: only the length rule (at least 3) (a wrong one is just "invalid"). */
export const LoginUsernameSchema = v.pipe(
  v.string(MESSAGES.usernameShort),
  v.trim(),
  v.minLength(USERNAME_MIN, MESSAGES.usernameShort),
  v.maxLength(USERNAME_MAX, MESSAGES.usernameLong),
);

/** A password: at least 6 characters and at most 72 UTF-8 bytes. */
export const PasswordSchema = v.pipe(
  v.string(MESSAGES.passwordShort),
  v.minLength(PASSWORD_MIN, MESSAGES.passwordShort),
  fitsBcrypt,
);

export const EmailSchema = v.pipe(
  v.string(MESSAGES.emailInvalid),
  v.trim(),
  v.maxLength(EMAIL_MAX, MESSAGES.emailLong),
  v.email(MESSAGES.emailInvalid),
);

/** POST /api/auth/login */
export const LoginInputSchema = v.object(
  { username: LoginUsernameSchema, password: PasswordSchema },
  objectMessage({ username: MESSAGES.usernameShort, password: MESSAGES.passwordShort }),
);

/** POST /api/auth/signup */
const signupMissing = {
  username: MESSAGES.usernameShort,
  email: MESSAGES.emailInvalid,
  password: MESSAGES.passwordShort,
};
export const SignupInputSchema = v.object(
  { username: UsernameSchema, email: EmailSchema, password: PasswordSchema },
  objectMessage(signupMissing),
);

/** POST /api/auth/change-password */
const changeMissing = {
  currentPassword: MESSAGES.currentPasswordRequired,
  newPassword: MESSAGES.passwordShort,
};
export const ChangePasswordInputSchema = v.object(
  {
    currentPassword: v.pipe(
      v.string(MESSAGES.currentPasswordRequired),
      v.nonEmpty(MESSAGES.currentPasswordRequired),
      fitsBcrypt,
    ),
    newPassword: PasswordSchema,
  },
  objectMessage(changeMissing),
);

/** The sign-up form: the request plus confirmPassword, which never leaves the browser. */
export const SignupFormSchema = v.pipe(
  v.object(
    { ...SignupInputSchema.entries, confirmPassword: v.string(MESSAGES.passwordsDiffer) },
    objectMessage({ ...signupMissing, confirmPassword: MESSAGES.passwordsDiffer }),
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (f) => f.password === f.confirmPassword,
      MESSAGES.passwordsDiffer,
    ),
    ['confirmPassword'],
  ),
);

/** The change-password form (account settings and the admin Password tab). */
export const ChangePasswordFormSchema = v.pipe(
  v.object(
    {
      ...ChangePasswordInputSchema.entries,
      confirmPassword: v.pipe(
        v.string(MESSAGES.confirmPasswordRequired),
        v.nonEmpty(MESSAGES.confirmPasswordRequired),
      ),
    },
    objectMessage({ ...changeMissing, confirmPassword: MESSAGES.confirmPasswordRequired }),
  ),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (f) => f.newPassword === f.confirmPassword,
      MESSAGES.passwordsDiffer,
    ),
    ['confirmPassword'],
  ),
);

export type LoginInput = v.InferInput<typeof LoginInputSchema>;
export type SignupInput = v.InferInput<typeof SignupInputSchema>;
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordInputSchema>;

/** The signed-in user as the API returns it : never the hash. */
export const SessionUserSchema = v.object({ id: v.number(), username: v.string(), email: v.string() });
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;
