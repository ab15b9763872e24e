import { useId, type ChangeEvent, type ReactNode } from 'react';
import { errorText } from '../../../lib/api/client.ts';

// Labelled form controls for the dashboard's forms, each with its inline error (the
// validation message) wired to it through aria-invalid and aria-describedby.

interface Common {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  required?: boolean;
}

/** The red star after a required field's label or legend (hidden from screen readers: the control says required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700 dark:text-red-400">
      {' '}
      *
    </span>
  );
}

/** A field's or a section's inline message; its id is what the control's aria-describedby names. */
export function FieldError({
  id,
  error,
  className = '',
}: {
  id?: string | undefined;
  error: string | undefined;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} className={`px-1 text-sm text-red-700 dark:text-red-400 ${className}`}>
      {error}
    </p>
  );
}

/**
 * A labelled field around any control: the label (with the required star), the control, then the
 * hint or, when there is one, the error (id `${id}-error`, which the control names).
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  required,
  children,
}: Common & { id: string; children: ReactNode }) {
  return (
    <div className={`space-y-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="block px-1 text-sm font-semibold">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && !error && <p className="muted px-1 text-xs">{hint}</p>}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A group of controls under one legend (a list editor, a row of switches), with the required star
 * and the group's error named by aria-describedby.
 */
export function Section({
  legend,
  required,
  error,
  errorId,
  className,
  legendClassName = '',
  children,
}: {
  legend: string;
  required?: boolean;
  error?: string | undefined;
  /** The error's id (default: none is named). */
  errorId?: string;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={error && errorId ? errorId : undefined}>
      <legend className={`px-1 text-sm font-semibold ${legendClassName}`}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      {children}
      <FieldError id={errorId} error={error} className="mt-1" />
    </fieldset>
  );
}

/** The red border of an invalid control. */
export const invalidLook = (error: string | undefined) => (error ? 'border-red-600 dark:border-red-400' : '');
/** What marks a control invalid and names its error. */
export const invalidProps = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** The props every text-like control takes: its name, its text and its change handler. */
type TextLike = Common & { name: string; value: string; onChange: (value: string) => void };

/** What an input, a textarea and a select share: the id, name, value, required, change and error wiring. */
function textControl(id: string, props: TextLike) {
  return {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      props.onChange(event.target.value),
    ...invalidProps(id, props.error),
  };
}

export function TextField(
  props: TextLike & {
    type?: 'text' | 'url' | 'email' | 'password' | 'number' | 'search';
    placeholder?: string;
    autoComplete?: string;
    inputMode?: 'numeric' | 'decimal' | 'text' | 'url';
    readOnly?: boolean;
    min?: number;
    max?: number;
  },
) {
  const id = useId();
  return (
    <Field id={id} {...props}>
      <input
        {...textControl(id, props)}
        type={props.type ?? 'text'}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        readOnly={props.readOnly}
        min={props.min}
        max={props.max}
        className={`field rounded-xl ${invalidLook(props.error)} ${props.readOnly ? 'bg-stone-100 dark:bg-stone-800' : ''}`}
      />
    </Field>
  );
}

/** A whole-number field (servings, minutes, a batch's size), within a range where it has one. */
export function NumberField({
  range,
  ...props
}: Omit<Parameters<typeof TextField>[0], 'type' | 'inputMode' | 'min' | 'max'> & {
  range?: { min: number; max?: number };
}) {
  return <TextField {...props} type="number" inputMode="numeric" {...range} />;
}

export function TextArea(props: TextLike & { rows?: number; placeholder?: string }) {
  const id = useId();
  return (
    <Field id={id} {...props}>
      <textarea
        {...textControl(id, props)}
        rows={props.rows ?? 4}
        placeholder={props.placeholder}
        className={`field min-h-24 rounded-xl ${invalidLook(props.error)}`}
      />
    </Field>
  );
}

export function SelectField(
  props: TextLike & { options: readonly { value: string; label: string }[]; placeholder?: string },
) {
  const id = useId();
  return (
    <Field id={id} {...props}>
      <select {...textControl(id, props)} className={`field rounded-xl ${invalidLook(props.error)}`}>
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField(props: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={props.name}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className="mt-1 size-5 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {props.label}
        </label>
        {props.hint && <p className="muted text-xs">{props.hint}</p>}
      </div>
    </div>
  );
}

/** A titled block of a form or a tab. */
export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card p-5 sm:p-6 ${className ?? ''}`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-serif text-xl font-bold">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** The 'Error loading …' block with the message and a Try Again button. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  /** What the failed load threw: shown as the server's sentence, never as raw status and JSON. */
  error: unknown;
  onRetry: () => void;
}) {
  const message = errorText(error, 'It could not be loaded. Please check your connection and try again.');
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-900 dark:bg-red-950/40 dark:text-red-100">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      <button type="button" className="btn-ghost mt-4" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/** Small text buttons in table rows. */
export const rowButton =
  'inline-flex min-h-9 items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800';
export const rowDangerButton =
  'inline-flex min-h-9 items-center rounded-full px-3 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50 dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950/40';

/** A listed item's Edit and Delete buttons, named for screen readers ("Edit Lemon Pie"). */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  className = 'flex gap-2',
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="button" className={rowButton} onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      <button type="button" className={rowDangerButton} onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </div>
  );
}

/** 'Published' or 'Draft' beside a listed page's or post's title. */
export function PublishedTag({ published }: { published: boolean }) {
  return (
    <span
      className={`ml-1 rounded-full px-2 py-0.5 text-xs ${published ? 'bg-herb-100 text-herb-700' : 'bg-stone-200 text-stone-700'}`}
    >
      {published ? 'Published' : 'Draft'}
    </span>
  );
}
