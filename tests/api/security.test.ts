import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import auth from '../../functions/auth.ts';
import calorieTracking from '../../functions/calorie-tracking.ts';
import reviews from '../../functions/reviews.ts';
import saved from '../../functions/saved.ts';
import shoppingList from '../../functions/shopping-list.ts';
import type { Handler } from '../../functions/_shared/router.ts';
import { as, signUp, type TestAccount } from '../helpers/accounts.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// CSRF: every state-changing route of the account features,
// taken from the handlers' own route tables so a new route is covered the day it is added,
// refuses a cross-site request carrying a valid session cookie, and changes nothing.

const HANDLERS: Record<string, Handler> = {
  auth,
  'calorie-tracking': calorieTracking,
  reviews,
  saved,
  'shopping-list': shoppingList,
};

const unsafeRoutes = Object.entries(HANDLERS).flatMap(([file, handler]) =>
  handler.routes
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ file, handler, method: r.method, path: r.path })),
);

describe.skipIf(!databaseAvailable)(`cross-site protection on ${engine}`, () => {
  const db = useTestDatabase();
  let victim: TestAccount;
  let other: TestAccount;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    [victim, other] = [await signUp('victim'), await signUp('other')];
    ids.recipe = (await db().selectFrom('recipes').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await call(saved, `/api/recipes/${ids.recipe}/save`, as(victim, { method: 'POST' }));
    ids.review = (
      await call(
        reviews,
        `/api/recipes/${ids.recipe}/reviews`,
        as(other, { method: 'POST', json: { rating: 4, comment: 'Good' } }),
      )
    ).body.review.id;
    ids.item = (
      await call(
        shoppingList,
        '/api/shopping-list/items',
        as(victim, { method: 'POST', json: { items: [{ ingredient: 'eggs', amount: 6 }] } }),
      )
    ).body[0].id;
    ids.entry = (
      await call(
        calorieTracking,
        '/api/calorie-tracking',
        as(victim, { method: 'POST', json: { date: '2026-05-01', recipeId: ids.recipe, mealType: 'lunch' } }),
      )
    ).body.id;
  });

  /** A concrete URL and a valid body for a route, so only the request's origin is wrong. */
  function requestFor(method: string, path: string): { url: string; json?: unknown } {
    const id = path.startsWith('/api/reviews/')
      ? ids.review
      : path.startsWith('/api/shopping-list/')
        ? ids.item
        : path.startsWith('/api/calorie-tracking/')
          ? ids.entry
          : ids.recipe;
    const url = path.replace(':id', String(id));
    const bodies: Record<string, unknown> = {
      'POST /api/auth/signup': { username: 'csrf_made', email: 'csrf@example.com', password: 'secret12' },
      'POST /api/auth/login': { username: victim.username, password: victim.password },
      'POST /api/auth/change-password': { currentPassword: victim.password, newPassword: 'attacker-chosen' },
      'POST /api/recipes/:id/reviews': { rating: 1, comment: 'Forged review' },
      'POST /api/shopping-list/items': { items: [{ ingredient: 'forged item' }] },
      'PATCH /api/shopping-list/items/:id': { checked: true },
      'PUT /api/shopping-list/items/:id': { checked: true },
      'POST /api/calorie-tracking': { date: '2026-05-01', recipeId: ids.recipe, mealType: 'snack' },
      'PUT /api/calorie-tracking/goal': { goal: 4999 },
    };
    const json = bodies[`${method} ${path}`];
    return json === undefined ? { url } : { url, json };
  }

  /** Everything these routes could change, in one comparable value. */
  const state = async () =>
    (
      await sql<{ state: unknown }>`
    SELECT json_build_object(
      'users', (SELECT json_agg(json_build_array(id, password_hash, session_version, calorie_goal) ORDER BY id) FROM users),
      'saved', (SELECT count(*) FROM saved_recipes),
      'reviews', (SELECT json_agg(json_build_array(id, rating, comment) ORDER BY id) FROM reviews),
      'helpful', (SELECT count(*) FROM review_helpful),
      'shopping', (SELECT json_agg(json_build_array(id, amount, checked) ORDER BY id) FROM shopping_items),
      'calories', (SELECT count(*) FROM calorie_entries),
      'recipes', (SELECT json_agg(json_build_array(id, rating, review_count) ORDER BY id) FROM recipes)
    ) AS state`.execute(db())
    ).rows[0]!.state;

  it('covers every unsafe route of the account features', () => {
    expect(unsafeRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'DELETE /api/calorie-tracking/:id',
      'DELETE /api/recipes/:id/save',
      'DELETE /api/shopping-list',
      'DELETE /api/shopping-list/items/:id',
      'PATCH /api/shopping-list/items/:id',
      'POST /api/auth/change-password',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/signup',
      'POST /api/calorie-tracking',
      'POST /api/recipes/:id/reviews',
      'POST /api/recipes/:id/save',
      'POST /api/reviews/:id/helpful',
      'POST /api/shopping-list/items',
      'PUT /api/calorie-tracking/goal',
      'PUT /api/shopping-list/items/:id',
    ]);
  });

  describe.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin (older browsers)', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:8888.evil.example' }],
  ])('%s', (_name, headers) => {
    it.each(unsafeRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
      '%s → 403, nothing changed',
      async (_label, route) => {
        const before = await state();
        const { url, json } = requestFor(route.method, route.path);
        const res = await call(
          route.handler,
          url,
          as(victim, { method: route.method, headers, ...(json === undefined ? {} : { json }) }),
        );
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('Cross-site requests are not allowed.');
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await state()).toEqual(before);
      },
    );
  });

  it('the same request from the site itself goes through (the 403 above is about the origin)', async () => {
    const { url, json } = requestFor('PUT', '/api/calorie-tracking/goal');
    const res = await call(
      calorieTracking,
      url,
      as(victim, {
        method: 'PUT',
        headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8888' },
        json,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.goal).toBe(4999);
  });

  it('GET requests are never refused for their origin, and none of them changes anything', async () => {
    const before = await state();
    for (const [, handler] of Object.entries(HANDLERS)) {
      for (const route of handler.routes.filter((r) => r.method === 'GET')) {
        const { url } = requestFor('GET', route.path);
        const res = await call(handler, url, as(victim, { headers: { 'sec-fetch-site': 'cross-site' } }));
        expect(res.status, `GET ${route.path}`).toBe(200);
      }
    }
    expect(await state()).toEqual(before);
  });
});
