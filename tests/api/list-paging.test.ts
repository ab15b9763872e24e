import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import recipes from '../../functions/recipes.ts';
import { encodeCursor } from '../../functions/_shared/list-cursor.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Keyset paging of the recipe lists: following X-Next-Cursor walks a list in
// the same order as offset paging, without a gap or a repeat, also through rows whose
// timestamps differ by a microsecond or are equal; a cursor that is not ours is a clear 400.

type Listed = { id: number; slug: string };

/** One page of one of the recipe lists. */
type Page = { limit?: number; offset?: number; cursor?: string };
type List = (
  page: Page,
) => Promise<{ status: number; headers: Headers; body: Listed[] & { error?: string } }>;

const newest: List = (query) => callRoute(recipes, 'GET', '/api/recipes', { query });
const sorted =
  (sort: 'updated' | 'title' | 'rating'): List =>
  (page) =>
    callRoute(recipes, 'GET', '/api/recipes', { query: { ...page, sort } });
const featured: List = (query) => callRoute(recipes, 'GET', '/api/recipes/featured', { query });
const category =
  (name: string): List =>
  (query) =>
    callRoute(recipes, 'GET', '/api/recipes/category/:category', { params: { category: name }, query });

/** Walks a list by its cursors, `limit` at a time; the ids in order and the number of requests. */
async function walk(list: List, limit: number): Promise<{ ids: number[]; requests: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const res = await list(cursor ? { limit, cursor } : { limit });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    requests++;
    ids.push(...res.body.map((r) => r.id));
    const next = res.headers.get('x-next-cursor');
    if (next) expect(res.headers.get('link')).toContain('rel="next"');
    cursor = next;
  } while (cursor && requests < 200);
  return { ids, requests };
}

/** The whole list in one answer, by offset. */
async function byOffset(list: List, total: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; offset < total; offset += 100) {
    const res = await list({ limit: 100, offset });
    expect(res.status).toBe(200);
    ids.push(...res.body.map((r) => r.id));
  }
  return ids;
}

describe.skipIf(!databaseAvailable)(`list paging by cursor on ${engine}`, () => {
  const db = useTestDatabase();
  let total = 0;
  let soups = 0;

  beforeAll(async () => {
    // Recipes whose creation times tie or differ by one microsecond: a cursor that kept
    // milliseconds only would skip or repeat them.
    const base = await db()
      .selectFrom('recipes')
      .selectAll()
      .where('category', '=', 'soups')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const {
      id: _id,
      search_vector: _sv,
      search_words: _sw,
      ingredient_words: _iw,
      ...row
    } = base as typeof base & {
      search_vector?: unknown;
      search_words?: unknown;
      ingredient_words?: unknown;
    };
    const stamps = [
      '2030-05-01 10:00:00.000001+00',
      '2030-05-01 10:00:00.000001+00',
      '2030-05-01 10:00:00.000002+00',
      '2030-05-01 10:00:00.000003+00',
      '2030-05-01 10:00:00.000003+00',
      '2030-05-01 10:00:00.000003+00',
      '2030-05-01 10:00:00.0004+00',
    ];
    for (const [i, stamp] of stamps.entries()) {
      await db()
        .insertInto('recipes')
        .values({
          ...(row as Record<string, unknown>),
          slug: `${base.slug}-tie-${i}`,
          title: `${base.title} tie ${i}`,
          nutrition: JSON.stringify(base.nutrition),
          ingredients: JSON.stringify(base.ingredients),
          instructions: JSON.stringify(base.instructions),
          faqs: JSON.stringify(base.faqs),
          created_at: sql`${stamp}::timestamptz`,
          updated_at: sql`${stamp}::timestamptz`,
          // Equal ratings and counts too, so the featured order falls through to the timestamps.
          rating: 45,
          review_count: 3,
        } as never)
        .execute();
    }
    const counts = await db()
      .selectFrom('recipes')
      .select([
        sql<number>`count(*)::int`.as('all'),
        sql<number>`(count(*) filter (where category = 'soups'))::int`.as('soups'),
      ])
      .executeTakeFirstOrThrow();
    total = counts.all;
    soups = counts.soups;
  });

  it.each([
    ['newest (the home list and the admin table)', newest, 2],
    ['recently updated', sorted('updated'), 3],
    ['by title (ascending, ties by id)', sorted('title'), 11],
    ['by rating', sorted('rating'), 6],
    ['featured', featured, 7],
    ['a category', category('soups'), 3],
  ])('%s: the cursor walk equals the offset walk', async (name, list, limit) => {
    const size = name === 'a category' ? soups : total;
    const expected = await byOffset(list, size);
    expect(expected).toHaveLength(size);
    expect(new Set(expected).size).toBe(size);
    const { ids, requests } = await walk(list, limit);
    expect(ids).toEqual(expected);
    // One request per page, and the last page (full or short) ends the walk.
    expect(requests).toBe(Math.floor(size / limit) + 1);
  });

  it('a full last page still gets a cursor, and the page after it is empty with none', async () => {
    const first = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category: 'soups' },
      query: { limit: soups },
    });
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const after = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category: 'soups' },
      query: { limit: 5, cursor: cursor! },
    });
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
    expect(after.headers.get('x-next-cursor')).toBeNull();
  });

  it('a short page has no cursor; offset paging answers as before', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/featured', {
      query: { limit: 8, offset: total - 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  const featuredCursor = encodeCursor(
    {
      name: 'featured',
      columns: [
        { column: 'rating', direction: 'desc', kind: 'int' },
        { column: 'review_count', direction: 'desc', kind: 'int' },
        { column: 'created_at', direction: 'desc', kind: 'time' },
        { column: 'id', direction: 'desc', kind: 'int' },
      ],
    },
    [45, 3, '1700000000000000', 10],
  );
  const newestOrder = {
    name: 'newest',
    columns: [
      { column: 'created_at', direction: 'desc' as const, kind: 'time' as const },
      { column: 'id', direction: 'desc' as const, kind: 'int' as const },
    ],
  };
  const b64 = (text: string) => Buffer.from(text).toString('base64url');

  it.each([
    ['not base64url', () => newest({ cursor: '%%%%' }), /not a cursor of this list/],
    ['base64url of text that is not JSON', () => newest({ cursor: b64('hello there') }), /not a cursor/],
    ['JSON of the wrong shape', () => newest({ cursor: b64('{"a":1}') }), /not a cursor/],
    ['too few key values', () => newest({ cursor: b64('{"o":"newest","k":[1]}') }), /not a cursor/],
    [
      'a key of the wrong type',
      () => newest({ cursor: b64('{"o":"newest","k":["1700000000000000","7"]}') }),
      /not a cursor/,
    ],
    [
      'a timestamp out of range',
      () => newest({ cursor: b64('{"o":"newest","k":["99999999999999999999",7]}') }),
      /not a cursor/,
    ],
    [
      'an id out of range',
      () => newest({ cursor: encodeCursor(newestOrder, ['1700000000000000', 2 ** 40]) }),
      /not a cursor/,
    ],
    ['a cursor of another order', () => newest({ cursor: featuredCursor }), /"featured" order, not "newest"/],
    [
      'a newest cursor on the title order',
      () => sorted('title')({ cursor: encodeCursor(newestOrder, ['1700000000000000', 7]) }),
      /"newest" order, not "title"/,
    ],
    [
      'a cursor together with an offset',
      () => featured({ offset: 8, cursor: featuredCursor }),
      /offset or with cursor, not both/,
    ],
    ['an empty cursor', () => category('soups')({ cursor: '' }), /cursor/i],
    ['an offset past the bound', () => newest({ offset: 100001 }), /offset.*at most 100000/i],
  ])('%s → 400 with a message that says what is wrong', async (_name, send, message) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('a valid cursor of another category still pages from its position (cursors carry no ids of rows)', async () => {
    const soupsPage = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category: 'soups' },
      query: { limit: 2 },
    });
    const cursor = soupsPage.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const desserts = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category: 'desserts' },
      query: { limit: 50, cursor: cursor! },
    });
    expect(desserts.status).toBe(200);
    expect(desserts.body.length).toBeGreaterThan(0);
    expect(desserts.body.every((r) => r.category === 'desserts')).toBe(true);
  });
});
