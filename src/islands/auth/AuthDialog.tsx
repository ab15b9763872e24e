import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { fieldErrors, LoginRequest, SignupForm } from '../../lib/auth-schema.ts';
import { login, signup } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { Field } from './Field.tsx';

// SPEC §2 "Auth dialog" and §4: Login / Sign Up tabs, inline validation with the SPEC §5
// messages, toasts on success and failure, and the dialog stays open when something fails.
// A native <dialog> opened with showModal(): the rest of the page is inert (focus stays inside)
// and Escape closes it.

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

export default function AuthDialog({ open, onOpenChange, defaultTab = 'login', brand = 'Forkful' }: AuthDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<AuthTab>(defaultTab);
  const ids = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTab(defaultTab);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, defaultTab]);

  const close = () => onOpenChange(false);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: AuthTab = event.key === 'Home' ? 'login' : event.key === 'End' ? 'signup' : tab === 'login' ? 'signup' : 'login';
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
      className={`flex-1 rounded-md px-3 py-2 text-sm font-medium transition ${
        tab === value
          ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-700 dark:text-white'
          : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
      }`}
    >
      {label}
    </button>
  );

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-subtitle`}
      onClose={close}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) lands on the <dialog> itself.
        if (event.target === dialogRef.current) close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-[425px] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="relative p-6">
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute right-3 top-3 rounded-md p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900 dark:hover:bg-stone-800 dark:hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        <h2 id={`${ids}-title`} className="pr-8 text-xl font-semibold">Welcome to {brand}</h2>
        <p id={`${ids}-subtitle`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          Login or create an account to save your favorite recipes
        </p>

        <div role="tablist" aria-label="Account" className="mt-5 flex gap-1 rounded-lg bg-stone-100 p-1 dark:bg-stone-800">
          {tabButton('login', 'Login')}
          {tabButton('signup', 'Sign Up')}
        </div>

        <div role="tabpanel" id={`${ids}-panel-login`} aria-labelledby={`${ids}-tab-login`} hidden={tab !== 'login'} className="mt-5">
          <LoginForm onDone={close} />
        </div>
        <div role="tabpanel" id={`${ids}-panel-signup`} aria-labelledby={`${ids}-tab-signup`} hidden={tab !== 'signup'} className="mt-5">
          <SignupFormView brand={brand} onDone={close} />
        </div>
      </div>
    </dialog>
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
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: keyof typeof EMPTY_LOGIN) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldErrors(LoginRequest, values);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, invalid);
      return;
    }
    setSubmitting(true);
    try {
      const user = await login({ username: values.username.trim(), password: values.password });
      showToast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      setValues(EMPTY_LOGIN);
      setErrors({});
      onDone();
      setTimeout(() => window.location.reload(), RELOAD_AFTER_LOGIN_MS);
    } catch (err) {
      showToast({ title: 'Login failed', description: errorText(err, 'Invalid credentials'), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field label="Username" name="username" autoComplete="username" value={values.username} error={errors.username} onChange={change('username')} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" value={values.password} error={errors.password} onChange={change('password')} />
      <SubmitButton busy={submitting}>Login</SubmitButton>
    </form>
  );
}

function SignupFormView({ brand, onDone }: { brand: string; onDone: () => void }) {
  const [values, setValues] = useState(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (name: keyof typeof EMPTY_SIGNUP) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = fieldErrors(SignupForm, values);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, invalid);
      return;
    }
    setSubmitting(true);
    try {
      const user = await signup({ username: values.username.trim(), email: values.email.trim(), password: values.password });
      showToast({ title: 'Account created', description: `Welcome to ${brand}, ${user.username}!` });
      setValues(EMPTY_SIGNUP);
      setErrors({});
      onDone();
    } catch (err) {
      showToast({ title: 'Signup failed', description: errorText(err, 'Username or email already exists'), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field label="Username" name="username" autoComplete="username" value={values.username} error={errors.username} onChange={change('username')} />
      <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={change('email')} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={change('password')} />
      <Field label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" value={values.confirmPassword} error={errors.confirmPassword} onChange={change('confirmPassword')} />
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
      className="w-full rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
}
