import { useEffect, useId, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { errorText } from '../../lib/api/client.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { LoginInputSchema, SignupFormSchema } from '../../lib/schemas/user.ts';
import { login, signup } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import Dialog, { DialogNotice } from '../shared/Dialog.tsx';
import { Field } from './Field.tsx';
import NewPasswordField, { weakPasswordError } from './NewPasswordField.tsx';

// SPEC §2 "Auth dialog" and §4: Login / Sign Up tabs, inline validation with the SPEC §5
// messages, toasts on success and failure, and the dialog stays open when something fails.
// The shell (focus, Escape, 425 px wide) is the shared Dialog.

export type AuthTab = 'login' | 'signup';

export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab shown each time the dialog opens (SPEC: Login unless the opener says otherwise). */
  defaultTab?: AuthTab;
  /** The product's name for the title. */
  brand?: string;
}

/** How long the login toast is visible before the page reloads with the session (SPEC §9). */
export const RELOAD_AFTER_LOGIN_MS = 500;

const EMPTY_LOGIN = { username: '', password: '' };
const EMPTY_SIGNUP = { username: '', email: '', password: '', confirmPassword: '' };

export default function AuthDialog({
  open,
  onOpenChange,
  defaultTab = 'login',
  brand = 'Forkful',
}: AuthDialogProps) {
  const [tab, setTab] = useState<AuthTab>(defaultTab);
  const ids = useId();

  useEffect(() => {
    if (open) setTab(defaultTab);
  }, [open, defaultTab]);

  const close = () => onOpenChange(false);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (
      event.key !== 'ArrowLeft' &&
      event.key !== 'ArrowRight' &&
      event.key !== 'Home' &&
      event.key !== 'End'
    )
      return;
    event.preventDefault();
    const next: AuthTab =
      event.key === 'Home' ? 'login' : event.key === 'End' ? 'signup' : tab === 'login' ? 'signup' : 'login';
    setTab(next);
    document.getElementById(`${ids}-tab-${next}`)?.focus();
  };

  const tabButton = (value: AuthTab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${ids}-tab-${value}`}
      aria-selected={tab === value}
      aria-controls={`${ids}-panel-${value}`}
      tabIndex={tab === value ? 0 : -1}
      onClick={() => setTab(value)}
      onKeyDown={onTabKey}
      className={`min-h-10 flex-1 rounded-full px-3 py-2 text-sm font-semibold transition-colors ${
        tab === value
          ? 'bg-white text-ink shadow-sm dark:bg-night-card dark:text-white'
          : 'text-stone-600 hover:text-ink dark:text-stone-300 dark:hover:text-white'
      }`}
    >
      {label}
    </button>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Welcome to ${brand}`}
      description="Login or create an account to save your favorite recipes"
      size="md"
      name="auth"
    >
      <div
        role="tablist"
        aria-label="Account"
        className="mt-2 flex gap-1 rounded-full bg-paper p-1 dark:bg-night"
      >
        {tabButton('login', 'Login')}
        {tabButton('signup', 'Sign Up')}
      </div>

      <div
        role="tabpanel"
        id={`${ids}-panel-login`}
        aria-labelledby={`${ids}-tab-login`}
        hidden={tab !== 'login'}
        className="mt-5"
      >
        <LoginForm onDone={close} />
      </div>
      <div
        role="tabpanel"
        id={`${ids}-panel-signup`}
        aria-labelledby={`${ids}-tab-signup`}
        hidden={tab !== 'signup'}
        className="mt-5"
      >
        <SignupFormView brand={brand} onDone={close} />
      </div>
    </Dialog>
  );
}

type Errors = Record<string, string>;

/** Moves focus to the first field with an error so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: Errors): void {
  const first = Object.keys(errors)[0];
  if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState(EMPTY_LOGIN);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: keyof typeof EMPTY_LOGIN) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    setFailure(undefined);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const invalid = fieldErrors(LoginInputSchema, values);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, invalid);
      return;
    }
    setFailure(undefined);
    setSubmitting(true);
    try {
      const user = await login({ username: values.username.trim(), password: values.password });
      showToast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      setValues(EMPTY_LOGIN);
      setErrors({});
      onDone();
      setTimeout(() => window.location.reload(), RELOAD_AFTER_LOGIN_MS);
    } catch (err) {
      const message = errorText(err, 'Invalid credentials');
      showToast({ title: 'Login failed', description: message, variant: 'destructive' });
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={change('username')}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      {/* Repeated inside: a modal dialog sits above the page's toasts, which its backdrop could hide. */}
      {failure && <DialogNotice tone="error">{failure}</DialogNotice>}
      <SubmitButton busy={submitting}>Login</SubmitButton>
    </form>
  );
}

/** The strength rule's refusal as a field error, or null; the server decides if the estimator cannot load. */
async function weakPassword(password: string, userInputs: readonly string[]): Promise<Errors | null> {
  try {
    const message = await weakPasswordError(password, userInputs);
    return message ? { password: message } : null;
  } catch {
    return null;
  }
}

function SignupFormView({ brand, onDone }: { brand: string; onDone: () => void }) {
  const [values, setValues] = useState(EMPTY_SIGNUP);
  const userInputs = [values.username, values.email];
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: keyof typeof EMPTY_SIGNUP) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    setFailure(undefined);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const invalid =
      fieldErrors(SignupFormSchema, values) ?? (await weakPassword(values.password, userInputs));
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, invalid);
      return;
    }
    setFailure(undefined);
    setSubmitting(true);
    try {
      const user = await signup({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      showToast({ title: 'Account created', description: `Welcome to ${brand}, ${user.username}!` });
      setValues(EMPTY_SIGNUP);
      setErrors({});
      onDone();
    } catch (err) {
      const message = errorText(err, 'Username or email already exists');
      showToast({ title: 'Signup failed', description: message, variant: 'destructive' });
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={change('username')}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={change('email')}
      />
      <NewPasswordField
        label="Password"
        name="password"
        value={values.password}
        error={errors.password}
        onChange={change('password')}
        userInputs={userInputs}
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={change('confirmPassword')}
      />
      {/* Repeated inside: a modal dialog sits above the page's toasts, which its backdrop could hide. */}
      {failure && <DialogNotice tone="error">{failure}</DialogNotice>}
      <SubmitButton busy={submitting}>Create Account</SubmitButton>
    </form>
  );
}

function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
}
