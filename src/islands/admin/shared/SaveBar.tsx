import type { ReactNode } from 'react';

// The end of every admin form: its submit button (disabled and saying what it is doing while the
// request runs, e.g. 'Saving…'), an optional Cancel, and whatever the form shows beside them.

export function SubmitButton({
  busy,
  label,
  busyLabel = 'Saving…',
  disabled = false,
  form,
  className = 'btn-primary',
}: {
  busy: boolean;
  label: string;
  /** The text while the request runs. */
  busyLabel?: string;
  /** Disabled for another reason than the running request (generating is switched off, …). */
  disabled?: boolean;
  /** The form's id, for a button outside its form (a dialog's footer). */
  form?: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      form={form}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

const STICKY =
  'sticky bottom-0 z-10 -mx-1 flex flex-wrap justify-end gap-3 rounded-2xl pr-20 bg-cream/95 p-3 ring-1 ring-stone-200 backdrop-blur dark:bg-night/95 dark:ring-night-line';

export default function SaveBar({
  onCancel,
  sticky = false,
  className = '',
  children,
  ...submit
}: Parameters<typeof SubmitButton>[0] & {
  /** Shows a Cancel button before the submit button. */
  onCancel?: () => void;
  /** Stays in view at the bottom of a long form. */
  sticky?: boolean;
  className?: string;
  /** Shown after the buttons (the last result, …). */
  children?: ReactNode;
}) {
  return (
    <div className={sticky ? STICKY : `flex flex-wrap items-center gap-3 ${className}`}>
      {onCancel && (
        <button type="button" className="btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      )}
      <SubmitButton {...submit} />
      {children}
    </div>
  );
}
