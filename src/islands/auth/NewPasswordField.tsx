import { useDeferredValue, useEffect, useId, useState } from 'react';
import type * as PasswordStrengthModule from '../../lib/password-strength.ts';
import type { PasswordStrength, passwordStrength } from '../../lib/password-strength.ts';

// A field for choosing a new password (sign-up, the admin Password tab, any change-password
// form): the input, its error, and the strength estimate of src/lib/password-strength.ts — the
// very rule the server applies — with what makes the password guessable and how to fix it, as
// the user types. The estimator and its dictionaries (~460 KB gzip) load on the first focus of the
// field or the first character in it (autofill included), never with the page or the dialog.
//
// Usage:
//   <NewPasswordField label="New Password" name="newPassword" value={v} onChange={setV}
//     error={errors.newPassword} userInputs={[username, email]} />
// and before sending: const weak = await weakPasswordError(v, [username, email]); if (weak) …

type Estimate = typeof passwordStrength;

let loading: Promise<typeof PasswordStrengthModule> | undefined;
/** The estimator module, fetched once per page. */
export const loadPasswordStrength = () => (loading ??= import('../../lib/password-strength.ts'));

/** The server's refusal sentence for a weak password, or undefined when it is strong enough. */
export async function weakPasswordError(
  password: string,
  userInputs: readonly string[] = [],
): Promise<string | undefined> {
  const { passwordStrength: estimate, weakPasswordMessage } = await loadPasswordStrength();
  const strength = estimate(password, userInputs);
  return strength.acceptable ? undefined : weakPasswordMessage(strength);
}

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const BAR_COLOURS = [
  'bg-red-600 dark:bg-red-400',
  'bg-red-600 dark:bg-red-400',
  'bg-amber-500 dark:bg-amber-300',
  'bg-emerald-600 dark:bg-emerald-400',
  'bg-emerald-700 dark:bg-emerald-300',
] as const;

export interface NewPasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** What an attacker would try first: the username, the email. */
  userInputs?: readonly string[];
  autoComplete?: string;
}

export default function NewPasswordField({
  label,
  name,
  value,
  onChange,
  error,
  userInputs = [],
  autoComplete = 'new-password',
}: NewPasswordFieldProps) {
  const id = useId();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [wanted, setWanted] = useState(false);
  const typed = useDeferredValue(value);

  // Started by a focus or a first character; later renders reuse the loaded module.
  const want = wanted || value !== '';
  useEffect(() => {
    if (!want || estimate) return;
    let live = true;
    loadPasswordStrength().then(
      (module) => live && setEstimate(() => module.passwordStrength),
      () => undefined, // Offline or blocked: the server still judges the password on submit.
    );
    return () => {
      live = false;
    };
  }, [want, estimate]);

  const strength: PasswordStrength | null = estimate && typed ? estimate(typed, userInputs) : null;
  const errorId = `${id}-error`;
  const strengthId = `${id}-strength`;
  const describedBy = [error ? errorId : '', typed ? strengthId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block px-1 text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setWanted(true)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`field ${error ? 'border-red-600 dark:border-red-400' : ''}`}
      />
      {error && (
        <p id={errorId} className="px-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div id={strengthId} aria-live="polite" className="px-1 text-sm" data-password-strength>
        {typed && !strength && <p className="muted">Checking how strong it is…</p>}
        {strength && (
          <>
            <div className="flex items-center gap-2">
              <div className="flex flex-1 gap-1" aria-hidden="true">
                {[1, 2, 3, 4].map((step) => (
                  <span
                    key={step}
                    className={`h-1.5 flex-1 rounded-full ${
                      strength.score >= step || (step === 1 && strength.score === 0)
                        ? BAR_COLOURS[strength.score]
                        : 'bg-stone-200 dark:bg-stone-700'
                    }`}
                  />
                ))}
              </div>
              <span className="font-semibold" data-password-score={strength.score}>
                {LABELS[strength.score]}
              </span>
            </div>
            {!strength.acceptable && (
              <div className="mt-1 text-stone-700 dark:text-stone-300" data-password-feedback>
                {strength.warning && <p>{strength.warning}</p>}
                {strength.suggestions.length > 0 && (
                  <ul className="list-disc pl-5">
                    {strength.suggestions.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
