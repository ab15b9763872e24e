import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withResponseCache } from '../../functions/_shared/cache/cached-response.ts';
import { json } from '../../functions/_shared/http.ts';
import { defineRoutes, type Handler } from '../../functions/_shared/router.ts';
import { api, routePath } from '../../src/lib/api/client.ts';
import { ROUTE_KEYS, type ApiRoutes } from '../../src/lib/api/routes.ts';
import { ROOT } from '../helpers/paths.ts';

// The route table (src/lib/api/routes.ts) is the one list of the API's routes: the functions
// must serve exactly its keys, and the typed client only accepts them.

describe('the API route table', () => {
  it('lists every route the functions serve, and nothing else', async () => {
    const dir = path.join(ROOT, 'functions');
    const served: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const mod = (await import(path.join(dir, file))) as { default?: Partial<Handler> };
      for (const route of mod.default?.routes ?? []) served.push(`${route.method} ${route.path}`);
    }
    const missing = served.filter((key) => !(key in ROUTE_KEYS));
    expect(missing, 'add these routes to src/lib/api/routes.ts (ApiRoutes and ROUTE_KEYS)').toEqual([]);
    expect(Object.keys(ROUTE_KEYS).sort()).toEqual([...new Set(served)].sort());
  });

  it.each<[string, Record<string, string | number>, Record<string, string | number | undefined>, string]>([
    ['/api/recipes/featured', {}, {}, '/api/recipes/featured'],
    ['/api/recipes/:id/reviews', { id: 5 }, {}, '/api/recipes/5/reviews'],
    ['/api/recipes/slug/:slug', { slug: 'a b/c' }, {}, '/api/recipes/slug/a%20b%2Fc'],
    [
      '/api/recipes/search',
      {},
      { q: 'pasta & peas', limit: 8, cuisine: undefined },
      '/api/recipes/search?q=pasta+%26+peas&limit=8',
    ],
    ['/api/images/:key/:file', { key: 'k1', file: 'w400.webp' }, {}, '/api/images/k1/w400.webp'],
  ])('routePath(%s)', (pattern, params, query, expected) => {
    expect(routePath(pattern, params, query)).toBe(expected);
  });

  it('refuses a pattern whose parameter has no value', () => {
    expect(() => routePath('/api/recipes/:id', {})).toThrow(/:id/);
  });
});

// Compile-time checks (tsc runs over tests/): each line must be an error, or tsc fails on the
// unused directive. Never called.
export async function typeChecks(): Promise<void> {
  const written = await api.post('/api/recipes/:id/reviews', {
    params: { id: 5 },
    body: { rating: 5, comment: 'Lovely' },
  });
  written.review.rating satisfies number;
  (await api.get('/api/recipes/featured', { query: { limit: 8 } }))[0]?.title satisfies string | undefined;
  (await api.getOrNull('/api/auth/me'))?.username satisfies string | undefined;
  // @ts-expect-error no such route
  await api.post('/api/recipes/:id/review', { params: { id: 5 }, body: {} });
  // @ts-expect-error the path parameter is missing
  await api.post('/api/recipes/:id/reviews', { body: { rating: 5, comment: 'x' } });
  // @ts-expect-error the body does not match the route's schema
  await api.post('/api/recipes/:id/reviews', { params: { id: 5 }, body: { stars: 5 } });
  // @ts-expect-error login is a POST
  await api.get('/api/auth/login');
  const user = await api.post('/api/auth/login', { body: { username: 'a', password: 'b' } });
  // @ts-expect-error the answer is a SessionUser, not a recipe
  void user.title;
}

// The server side of the same table: a handler's JSON answer must have its route's answer type.
export function handlerTypeChecks(): Handler[] {
  const trash = {
    id: 3,
    entity: 'category',
    entityId: 7,
    title: 'Soups',
    deletedBy: 'admin',
    deletedAt: '2026-01-01T00:00:00.000Z',
  } as const;
  return [
    defineRoutes([
      { method: 'GET', path: '/api/recipes/:id/saved', handler: () => json({ saved: true }) },
      { method: 'DELETE', path: '/api/categories/:id', handler: () => json({ deleted: true, id: 7, trash }) },
      // Routes that answer no JSON (images, redirects) may answer any Response.
      { method: 'GET', path: '/recipe/:id', handler: () => new Response(null, { status: 301 }) },
    ]),
    defineRoutes([
      // @ts-expect-error the answer is a { saved } flag, not a count
      { method: 'GET', path: '/api/recipes/:id/saved', handler: () => json({ count: 1 }) },
      // @ts-expect-error the delete's answer lacks the trash entry
      { method: 'DELETE', path: '/api/categories/:id', handler: () => json({ deleted: true, id: 7 }) },
      // @ts-expect-error a JSON route must answer through json(), whose body type is checked
      { method: 'GET', path: '/api/settings', handler: () => new Response('{}') },
      // @ts-expect-error the list answers Category[], not one category; the cache wrapper keeps the check
      { method: 'GET', path: '/api/categories', handler: withResponseCache('categories', () => json(trash)) },
      // @ts-expect-error no such route in the table
      { method: 'GET', path: '/api/recipes/:id/likes', handler: () => json({ likes: 1 }) },
    ]),
  ];
}

// Every route names its real answer: a route typed `unknown` would let any handler and any caller
// through unchecked. The tuple is empty when none is; otherwise tsc names the offending keys.
type UntypedAnswers = {
  [K in keyof ApiRoutes]: unknown extends ApiRoutes[K]['output'] ? K : never;
}[keyof ApiRoutes];
export const untypedAnswers: [UntypedAnswers] extends [never] ? [] : [UntypedAnswers] = [];
