import * as v from 'valibot';

// Field rules every entity shares (recipes, pages, blog, settings): slugs, site URLs and text
// limits, with their sentences in one place.

/** A slug: lowercase letters and digits in words joined by single hyphens ("lemon-chicken"). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The sentence of a URL field that is neither a site path nor an http(s) URL. */
export const URL_MESSAGE = 'Must be a valid URL';

/** The sentence of text longer than its limit. */
export const tooLong = (max: number) => `At most ${max} characters`;

/**
 * A valid URL: an absolute http(s) URL or a path on this site ("/images/recipes/x.webp",
 * "/api/images/…").
 */
export function isSiteUrl(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A site URL, or '' where a field may be left blank. */
export const isUrlOrPath = (value: string): boolean => value === '' || isSiteUrl(value);

/** Required trimmed text with the form's sentence for a missing or blank value. */
export const requiredText = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(max)));

/** Optional text ('' when absent or null). */
export const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string('Must be text')),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(max, tooLong(max)),
    ),
    '',
  );

/** A required slug (pages, posts and blog categories need one). */
export const requiredSlug = v.pipe(
  v.string('Slug is required'),
  v.trim(),
  v.nonEmpty('Slug is required'),
  v.regex(SLUG_PATTERN, 'Must be a slug like "summer-salads" (lowercase letters, digits and hyphens)'),
  v.maxLength(120, tooLong(120)),
);

export const optionalUrl = v.optional(
  v.pipe(
    v.nullable(v.string(URL_MESSAGE)),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(2000, tooLong(2000)),
    v.check(isUrlOrPath, URL_MESSAGE),
  ),
  '',
);

/** The sentences of a Markdown document's required fields (pages, blog posts). */
export const DOCUMENT_MISSING = {
  title: 'Title is required',
  slug: 'Slug is required',
  content: 'Content is required',
};

/** A Markdown document's title, slug and body (pages, blog posts). */
export const documentEntries = {
  title: requiredText(DOCUMENT_MISSING.title, 200),
  slug: requiredSlug,
  content: v.pipe(
    v.string(DOCUMENT_MISSING.content),
    v.check((s) => s.trim().length > 0, DOCUMENT_MISSING.content),
    v.maxLength(200_000, 'At most 200,000 characters'),
  ),
};

/** When a record was made and last changed (ISO timestamps), as every public shape has them. */
export const timestampEntries = { createdAt: v.string(), updatedAt: v.string() };

/** A named thing's id, name and slug (categories, blog categories). */
export const namedEntries = { id: v.number(), name: v.string(), slug: v.string() };

/** The largest id a row may have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** A whole number from `min` to `max`, with one sentence for anything else. */
export const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
