import { useState } from 'react';
import { slugify } from '../../../lib/slug.ts';

// A form's values and how one call binds a labelled control to them: its name (the value's path,
// 'title' or 'links.privacy'), its value, its change handler and its inline error. Every admin form
// keeps its values this way, so a control is one line and its name always matches its error's key.

/** Field path → message, from the form's own check or from the server's refusal. */
export type FieldErrors = Record<string, string>;

/** The value at a dotted path ('links.privacy'), or undefined where the path leads nowhere. */
export function valueAt(values: unknown, path: string): unknown {
  let here: unknown = values;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** A copy of values with the value at a dotted path replaced; the objects on the way are copied too. */
export function withValueAt<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const here = (values ?? {}) as Record<string, unknown>;
  return {
    ...here,
    [key]: rest.length === 0 ? value : withValueAt(here[key], rest.join('.'), value),
  } as T;
}

/** A form's first values: each of the defaults' keys taken from the item where it has a value. */
export function valuesFrom<V extends object>(item: object | undefined, defaults: V): V {
  const from = (item ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(defaults).map(([key, empty]) => [key, from[key] ?? empty])) as V;
}

/** The props of a text-like control (TextField, TextArea, SelectField) bound to one value. */
export interface BoundText {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The props of a CheckboxField bound to one value. */
export interface BoundCheck {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export interface FormBinder {
  text: (path: string) => BoundText;
  check: (path: string) => BoundCheck;
}

/** Binds controls to values: set receives the path and the new value; errors are looked up by path. */
export function bindFields(
  values: unknown,
  set: (path: string, value: string | boolean) => void,
  errors: FieldErrors,
): FormBinder {
  return {
    text: (path) => {
      const value = valueAt(values, path);
      return {
        name: path,
        value: value === null || value === undefined ? '' : String(value),
        onChange: (next) => set(path, next),
        error: errors[path],
      };
    },
    check: (path) => ({
      name: path,
      checked: Boolean(valueAt(values, path)),
      onChange: (next) => set(path, next),
    }),
  };
}

/**
 * A form's values with a setter by path (setValues replaces them all, e.g. once they are loaded).
 * slugFrom names the value the slug follows while an item is created ('title'); an item being
 * edited leaves it out, so its address stays the same.
 */
export function useFormValues<T>(
  initial: T | (() => T),
  { slugFrom }: { slugFrom?: string | false | undefined } = {},
) {
  const [values, setValues] = useState<T>(initial);
  const set = (path: string, value: unknown) =>
    setValues((current) => {
      const next = withValueAt(current, path, value);
      return path === slugFrom ? withValueAt(next, 'slug', slugify(String(value))) : next;
    });
  return { values, setValues, set };
}
