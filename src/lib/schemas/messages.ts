import type * as v from 'valibot';

// valibot reports a missing key as 'Invalid key: Expected "x" but received undefined'. Forms and
// API clients should read the field's own sentence instead ("Please select a recipe").

/**
 * The message function for v.object(entries, message): a missing field gets its sentence from
 * `missing` (or "{field} is required"); a body that is not an object at all is named as such.
 */
export function objectMessage(missing: Record<string, string>): (issue: v.ObjectIssue) => string {
  return (issue) => {
    const key = issue.path?.at(-1)?.key;
    if (typeof key === 'string' && issue.input === undefined) return missing[key] ?? `${key} is required`;
    return 'Expected a JSON object';
  };
}
