import * as v from 'valibot';
import { FilterQueryEntries, filtersOf } from '../../src/lib/recipe-filter-query.ts';
import { hasFilters } from '../../src/lib/recipe-filters.ts';
import { parseOrThrow } from './http.ts';

// Parsers for path and query parameters; malformed values are a 400, never a 500.

/** A positive database id written as digits only ("12", not "12abc" or "1e3"). */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'Must be a positive whole number'),
  v.transform(Number),
  v.maxValue(2_147_483_647, 'Is too large'),
);

export const SlugParam = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a slug like "lemon-chicken"'),
  v.maxLength(200),
);

/**
 * An optional `limit`: digits only, clamped into [1, max] (asking for 10,000 gets max, 0 gets 1),
 * `fallback` when absent.
 */
export function limitParam(fallback: number, max: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'Must be a whole number'),
      v.transform((s) => Math.min(max, Math.max(1, Number(s)))),
    ),
    String(fallback),
  );
}

/** An optional `offset`: digits only, default 0, at most 100,000. */
export const OffsetParam = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'Must be a whole number'),
    v.transform(Number),
    v.maxValue(100_000, 'Must be at most 100000'),
  ),
  '0',
);

/** Parses one path parameter, naming it in the 400 message. */
export function pathParam<S extends v.GenericSchema<string, unknown>>(
  schema: S,
  value: string | undefined,
  name: string,
): v.InferOutput<S> {
  return parseOrThrow(v.object({ [name]: schema }), { [name]: value }, 'path')[name] as v.InferOutput<S>;
}

/** NUL and other control characters are never part of a search (Postgres rejects NUL in text). */
const withoutControlCharacters = (s: string) => s.replace(/\p{Cc}/gu, ' ');

/** The query of a search (GET /api/recipes/search, and the search page without script). */
export const SearchQuery = v.pipe(
  v.object({
    q: v.optional(
      v.pipe(
        v.string(),
        v.transform(withoutControlCharacters),
        v.trim(),
        v.maxLength(100, 'Search text is limited to 100 characters'),
      ),
      '',
    ),
    category: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(60))),
    cuisine: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
    limit: limitParam(20, 50),
    ...FilterQueryEntries,
  }),
  v.check(
    (s) => Boolean(s.q || s.category || s.cuisine || hasFilters(filtersOf(s))),
    'Enter something to search for (q, category, cuisine or a filter)',
  ),
);
