import { useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import { errorText } from '../../lib/api/client.ts';
import { showToast } from '../../stores/toasts.ts';
import { DialogNotice } from '../shared/Dialog.tsx';

// What the auth dialog's Login and Sign Up forms share: inline errors
// that clear as their field changes, focus on the first invalid field, and a failure told twice,
// as a toast and inside the form, with the dialog left open.

type Errors = Record<string, string>;

export interface AuthFormOptions<Values extends Record<string, string>, Answer> {
  empty: Values;
  /** The field errors that stop the submit, or null/undefined when the values may be sent. */
  validate: (values: Values) => Promise<Errors | null | undefined> | Errors | null | undefined;
  send: (values: Values) => Promise<Answer>;
  /** After a success, once the form is emptied: the welcome toast, closing the dialog. */
  onSuccess: (answer: Answer) => void;
  /** The failure toast's title, and its text when the server gives none. */
  failure: { title: string; fallback: string };
}

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export interface AuthFormState<Values extends Record<string, string>> {
  values: Values;
  submitting: boolean;
  failure: string | undefined;
  formRef: RefObject<HTMLFormElement | null>;
  /** The props that tie the field `name` to the form; its onChange also clears its error and the failure. */
  field: (name: keyof Values & string) => FieldBinding;
  submit: (event: SubmitEvent) => Promise<void>;
}

export function useAuthForm<Values extends Record<string, string>, Answer>(
  options: AuthFormOptions<Values, Answer>,
): AuthFormState<Values> {
  const [values, setValues] = useState(options.empty);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);

  const field = (name: keyof Values & string): FieldBinding => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
      setFailure(undefined);
    },
  });

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const invalid = await options.validate(values);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current, invalid);
      return;
    }
    setFailure(undefined);
    setSubmitting(true);
    try {
      const answer = await options.send(values);
      setValues(options.empty);
      setErrors({});
      options.onSuccess(answer);
    } catch (err) {
      const message = errorText(err, options.failure.fallback);
      showToast({ title: options.failure.title, description: message, variant: 'destructive' });
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, submitting, failure, formRef, field, submit };
}

/** Moves focus to the first field with an error so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: Errors): void {
  const first = Object.keys(errors)[0];
  if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}

/** The form around a useAuthForm's fields: the failure inside it, then the full-width submit button. */
export function AuthForm<Values extends Record<string, string>>({
  state,
  submitLabel,
  children,
}: {
  state: AuthFormState<Values>;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form ref={state.formRef} noValidate onSubmit={state.submit} className="space-y-4">
      {children}
      {/* Repeated inside: a modal dialog sits above the page's toasts, which its backdrop could hide. */}
      {state.failure && <DialogNotice tone="error">{state.failure}</DialogNotice>}
      <button
        type="submit"
        disabled={state.submitting}
        aria-busy={state.submitting}
        className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitLabel}
      </button>
    </form>
  );
}
