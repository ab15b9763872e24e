import * as v from 'valibot';

// Valibot issues in the two forms people read: one message per form field, or "path: message"
// lines for errors that name the field (content files, admin imports).

/**
 * The first message per field, for inline form errors: { username: '…', confirmPassword: '…' }.
 * Undefined when the value is valid.
 */
export function fieldErrors<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
): Record<string, string> | undefined {
  const result = v.safeParse(schema, value);
  if (result.success) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Formats valibot issues as "path: message" lines, for errors that name the field. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const where = v.getDotPath(issue) ?? '(root)';
    return `${where}: ${issue.message}`;
  });
}
