import * as v from 'valibot';
import { SLUG_PATTERN } from './recipe.ts';

// Field rules the admin entities share (pages, blog, settings): their sentences in one place.

/** Required trimmed text with the form's sentence for a missing or blank value. */
export const requiredText = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `At most ${max} characters`));

/** Optional text ('' when absent or null). */
export const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string('Must be text')),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(max, `At most ${max} characters`),
    ),
    '',
  );

/** A required slug (pages, posts and blog categories need one). */
export const requiredSlug = v.pipe(
  v.string('Slug is required'),
  v.trim(),
  v.nonEmpty('Slug is required'),
  v.regex(SLUG_PATTERN, 'Must be a slug like "summer-salads" (lowercase letters, digits and hyphens)'),
  v.maxLength(120, 'At most 120 characters'),
);

/** An absolute http(s) URL or a path on this site; '' allowed. */
export function isUrlOrPath(value: string): boolean {
  if (value === '' || /^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const optionalUrl = v.optional(
  v.pipe(
    v.nullable(v.string('Must be a valid URL')),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(2000, 'At most 2000 characters'),
    v.check(isUrlOrPath, 'Must be a valid URL'),
  ),
  '',
);
