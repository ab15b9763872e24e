import { sql, type AliasedRawBuilder, type RawBuilder, type SqlBool } from 'kysely';
import * as v from 'valibot';
import { badRequest } from './http.ts';

// Keyset paging for the recipe lists. `?offset=9900` makes the database walk and drop
// 9,900 rows before the page it answers; a cursor names the last row of the previous page by its
// sort key instead, so the next page starts with an index seek and reads about `limit` rows at
// any depth. The cursor is opaque to clients (base64url JSON: the list's order and the key values
// of the last row) and checked like any other input: a cursor that is not one of ours, or one
// from a list in another order, is a 400 that says so.

/** How a key value is carried: whole numbers, timestamps (µs since 1970, exact), text. */
type KeyKind = 'int' | 'time' | 'text';

export interface KeyColumn {
  column: string;
  direction: 'asc' | 'desc';
  kind: KeyKind;
}

/** One list order: its name (kept in the cursor) and its columns, the last one unique (id). */
export interface KeyOrder {
  name: string;
  columns: readonly KeyColumn[];
}

export type KeyValues = (number | string)[];

/** At most year 2286 either side of 1970, so the timestamp arithmetic in SQL cannot overflow. */
const MICROS = /^-?\d{1,16}$/;

const valueSchema: Record<KeyKind, v.GenericSchema<unknown, number | string>> = {
  int: v.pipe(v.number(), v.integer(), v.minValue(-2_147_483_648), v.maxValue(2_147_483_647)),
  time: v.pipe(v.string(), v.regex(MICROS)),
  text: v.pipe(v.string(), v.maxLength(1000)),
};

const CURSOR_TEXT = /^[A-Za-z0-9_-]{4,2000}$/;
const NOT_OURS =
  'That is not a cursor of this list (send the X-Next-Cursor value of the previous page as it came)';

export function encodeCursor(order: KeyOrder, values: KeyValues): string {
  return Buffer.from(JSON.stringify({ o: order.name, k: values })).toString('base64url');
}

/** The key values a cursor carries; a 400 for anything that is not a cursor of `order`. */
export function decodeCursor(cursor: string, order: KeyOrder): KeyValues {
  if (!CURSOR_TEXT.test(cursor)) throw badRequest(NOT_OURS, [{ path: 'cursor', message: NOT_OURS }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(NOT_OURS, [{ path: 'cursor', message: NOT_OURS }]);
  }
  const shape = v.safeParse(v.object({ o: v.string(), k: v.array(v.unknown()) }), parsed);
  if (!shape.success) throw badRequest(NOT_OURS, [{ path: 'cursor', message: NOT_OURS }]);
  if (shape.output.o !== order.name) {
    const message = `The cursor belongs to the list in ${JSON.stringify(shape.output.o)} order, not ${JSON.stringify(order.name)}`;
    throw badRequest(message, [{ path: 'cursor', message }]);
  }
  const keys = shape.output.k;
  if (keys.length !== order.columns.length)
    throw badRequest(NOT_OURS, [{ path: 'cursor', message: NOT_OURS }]);
  return order.columns.map((c, i) => {
    const value = v.safeParse(valueSchema[c.kind], keys[i]);
    if (!value.success) throw badRequest(NOT_OURS, [{ path: 'cursor', message: NOT_OURS }]);
    return value.output;
  });
}

/** A key value as SQL: timestamps from their exact microsecond count. */
function valueSql(kind: KeyKind, value: number | string): RawBuilder<unknown> {
  if (kind === 'time')
    return sql`(timestamptz '1970-01-01 00:00:00+00' + ${String(value)}::bigint * interval '1 microsecond')`;
  return sql`${value}`;
}

/**
 * The rows after the cursor's row in `order`. When every column runs the same way this is one
 * row comparison, `(a, b) < ($1, $2)`, which PostgreSQL answers with a seek in the matching
 * index; mixed directions spell it out column by column.
 */
export function afterCursor(order: KeyOrder, values: KeyValues): RawBuilder<SqlBool> {
  const { columns } = order;
  const sameWay = columns.every((c) => c.direction === columns[0]?.direction);
  if (sameWay) {
    const op = sql.raw(columns[0]?.direction === 'asc' ? '>' : '<');
    const refs = sql.join(columns.map((c) => sql.ref(c.column)));
    const vals = sql.join(columns.map((c, i) => valueSql(c.kind, values[i] ?? '')));
    return sql<SqlBool>`(${refs}) ${op} (${vals})`;
  }
  const alternatives = columns.map((c, i) => {
    const equalBefore = columns
      .slice(0, i)
      .map((p, j) => sql`${sql.ref(p.column)} = ${valueSql(p.kind, values[j] ?? '')}`);
    const op = sql.raw(c.direction === 'asc' ? '>' : '<');
    return sql.join(
      [...equalBefore, sql`${sql.ref(c.column)} ${op} ${valueSql(c.kind, values[i] ?? '')}`],
      sql` AND `,
    );
  });
  return sql<SqlBool>`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` OR `,
  )})`;
}

/** The select-list entries a page needs to make its next cursor (`cursor_0`, `cursor_1`, …). */
export function cursorSelections(order: KeyOrder): AliasedRawBuilder<unknown, string>[] {
  return order.columns.map((c, i) =>
    (c.kind === 'time'
      ? sql`(extract(epoch from ${sql.ref(c.column)}) * 1000000)::bigint::text`
      : sql`${sql.ref(c.column)}`
    ).as(`cursor_${i}`),
  );
}

/** The cursor after the last row of a full page (none after a short page: the list ended). */
export function nextCursor(
  order: KeyOrder,
  rows: readonly Record<string, unknown>[],
  limit: number,
): string | undefined {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return undefined;
  return encodeCursor(
    order,
    order.columns.map((c, i) => {
      const value = last[`cursor_${i}`];
      return c.kind === 'int' ? Number(value) : String(value);
    }),
  );
}
