import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { LoginInputSchema, SignupFormSchema } from '../../lib/schemas/user.ts';
import { login, signup } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import Dialog from '../shared/Dialog.tsx';
import { AuthForm, useAuthForm } from './AuthForm.tsx';
import { Field } from './Field.tsx';
import NewPasswordField, { weakPasswordError } from './NewPasswordField.tsx';

// Auth dialog: Login / Sign Up tabs, inline validation with the form
// messages, toasts on success and failure, and the dialog stays open when something fails.
// The shell (focus, Escape, 425 px wide) is the shared Dialog.

export type AuthTab = 'login' | 'signup';

export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab shown each time the dialog opens (Login unless the opener says otherwise). */
  defaultTab?: AuthTab;
  /** The product's name for the title. */
  brand?: string;
}

/** How long the login toast is visible before the page reloads with the session. */
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

function LoginForm({ onDone }: { onDone: () => void }) {
  const form = useAuthForm({
    empty: EMPTY_LOGIN,
    validate: (values) => fieldErrors(LoginInputSchema, values),
    send: (values) => login({ username: values.username.trim(), password: values.password }),
    onSuccess: (user) => {
      showToast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      onDone();
      setTimeout(() => window.location.reload(), RELOAD_AFTER_LOGIN_MS);
    },
    failure: { title: 'Login failed', fallback: 'Invalid credentials' },
  });

  return (
    <AuthForm state={form} submitLabel="Login">
      <Field label="Username" autoComplete="username" {...form.field('username')} />
      <Field label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
    </AuthForm>
  );
}

/** The strength rule's refusal as a field error, or null; the server decides if the estimator cannot load. */
async function weakPassword(
  password: string,
  userInputs: readonly string[],
): Promise<Record<string, string> | null> {
  try {
    const message = await weakPasswordError(password, userInputs);
    return message ? { password: message } : null;
  } catch {
    return null;
  }
}

function SignupFormView({ brand, onDone }: { brand: string; onDone: () => void }) {
  const inputsOf = (values: typeof EMPTY_SIGNUP) => [values.username, values.email];
  const form = useAuthForm({
    empty: EMPTY_SIGNUP,
    validate: async (values) =>
      fieldErrors(SignupFormSchema, values) ?? (await weakPassword(values.password, inputsOf(values))),
    send: (values) =>
      signup({ username: values.username.trim(), email: values.email.trim(), password: values.password }),
    onSuccess: (user) => {
      showToast({ title: 'Account created', description: `Welcome to ${brand}, ${user.username}!` });
      onDone();
    },
    failure: { title: 'Signup failed', fallback: 'Username or email already exists' },
  });

  return (
    <AuthForm state={form} submitLabel="Create Account">
      <Field label="Username" autoComplete="username" {...form.field('username')} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <NewPasswordField label="Password" userInputs={inputsOf(form.values)} {...form.field('password')} />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
    </AuthForm>
  );
}
