import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import auth from '../../functions/auth.ts';
import calorieTracking from '../../functions/calorie-tracking.ts';
import reviews from '../../functions/reviews.ts';
import saved from '../../functions/saved.ts';
import shoppingList from '../../functions/shopping-list.ts';
import type { Handler } from '../../functions/_shared/router.ts';
import type { ApiMethod, PathOf } from '../../src/lib/api/routes.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

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
  const ids = { recipe: 0, review: 0, item: 0, entry: 0 };

  beforeAll(async () => {
    [victim, other] = [await signUp('victim'), await signUp('other')];
    ids.recipe = (await db().selectFrom('recipes').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await callRoute(saved, 'POST', '/api/recipes/:id/save', {
      params: { id: ids.recipe },
      headers: { cookie: victim.cookie },
    });
    ids.review = (
      await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
        params: { id: ids.recipe },
        body: { rating: 4, comment: 'Good' },
        headers: { cookie: other.cookie },
      })
    ).body.review.id;
    ids.item = (
      await callRoute(shoppingList, 'POST', '/api/shopping-list/items', {
        body: { items: [{ ingredient: 'eggs', amount: 6 }] },
        headers: { cookie: victim.cookie },
      })
    ).body[0]!.id;
    ids.entry = (
      await callRoute(calorieTracking, 'POST', '/api/calorie-tracking', {
        body: { date: '2026-05-01', recipeId: ids.recipe, mealType: 'lunch' },
        headers: { cookie: victim.cookie },
      })
    ).body.id;
  });

  /** The params and a valid body for a route, so only the request's origin is wrong. */
  function requestFor(method: string, path: string): { params: { id: number }; body?: unknown } {
    const id = path.startsWith('/api/reviews/')
      ? ids.review
      : path.startsWith('/api/shopping-list/')
        ? ids.item
        : path.startsWith('/api/calorie-tracking/')
          ? ids.entry
          : ids.recipe;
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
    const body = bodies[`${method} ${path}`];
    return body === undefined ? { params: { id } } : { params: { id }, body };
  }

  /**
   * Calls a route named by a handler's own route table (tests/unit/api-routes.test.ts keeps it
   * equal to the typed one), so its path is only known as text here.
   */
  const send = (
    handler: Handler,
    method: string,
    path: string,
    options: { params: { id: number }; body?: unknown; headers: Record<string, string> },
  ) =>
    callRoute(handler, unchecked<ApiMethod>(method), unchecked<PathOf<ApiMethod>>(path), unchecked(options));

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
        const request = requestFor(route.method, route.path);
        const res = await send(route.handler, route.method, route.path, {
          ...request,
          headers: { ...headers, cookie: victim.cookie },
        });
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('Cross-site requests are not allowed.');
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await state()).toEqual(before);
      },
    );
  });

  it('the same request from the site itself goes through (the 403 above is about the origin)', async () => {
    const res = await callRoute(calorieTracking, 'PUT', '/api/calorie-tracking/goal', {
      body: { goal: 4999 },
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8888', cookie: victim.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.body.goal).toBe(4999);
  });

  it('GET requests are never refused for their origin, and none of them changes anything', async () => {
    const before = await state();
    for (const [, handler] of Object.entries(HANDLERS)) {
      for (const route of handler.routes.filter((r) => r.method === 'GET')) {
        const res = await send(handler, 'GET', route.path, {
          params: requestFor('GET', route.path).params,
          headers: { 'sec-fetch-site': 'cross-site', cookie: victim.cookie },
        });
        expect(res.status, `GET ${route.path}`).toBe(200);
      }
    }
    expect(await state()).toEqual(before);
  });
});
