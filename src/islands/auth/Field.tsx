import { useId } from 'react';

/** A labelled text input with its error message wired to it (aria-invalid, aria-describedby). */
export function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block px-1 text-sm font-semibold">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={`field ${props.error ? 'border-red-600 dark:border-red-400' : ''}`}
      />
      {props.error && (
        <p id={errorId} className="px-1 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}
