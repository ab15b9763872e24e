// A <select> drawn from value and label pairs, in a module of its own with no imports, so the
// kitchen tools (in the eager bundle of every content page) share it without loading any schema.

export interface ChoicesProps<Value extends string> {
  id: string;
  className: string;
  value: Value;
  /** Value and shown text, in the order shown. */
  options: readonly (readonly [Value, string])[];
  onChange: (value: Value) => void;
  /** Marks the control a dialog focuses first. */
  autoFocus?: boolean;
}

/** A choice list. */
export function Choices<Value extends string>({
  id,
  className,
  value,
  options,
  onChange,
  autoFocus = false,
}: ChoicesProps<Value>) {
  return (
    <select
      id={id}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value as Value)}
      data-autofocus={autoFocus || undefined}
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
}
