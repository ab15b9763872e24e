import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Handler, Route } from '../../functions/_shared/router.ts';
import type { PathOf } from '../../src/lib/api/routes.ts';
import { expectAdminOnly, useAdminSuite, type SessionHeaders } from '../helpers/admin-session.ts';
import { ROOT } from '../helpers/paths.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The guard matrix, built from the route tables themselves: every route of
// every function file is public (listed below), for signed-in users (listed below), or an admin
// route. An admin route must answer 401 to anonymous callers and 403 to a signed-in cook, with a
// JSON sentence, and let the admin through. A new route that is in neither list and forgets
// `requireAdmin` fails here.

/** Anyone may call these (reads of public content, signing in and out, the newsletter, images). */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'GET /api/recipes',
  'GET /api/recipes/featured',
  'GET /api/recipes/search',
  'GET /api/recipes/slug/:slug',
  'GET /api/recipes/category/:category',
  'GET /api/recipes/related/:id',
  'GET /api/recipes/:id',
  'GET /api/recipes/:id/reviews',
  // Answers {saved: false} to anonymous callers (default false).
  'GET /api/recipes/:id/saved',
  'GET /api/categories',
  'GET /api/categories/:slug',
  'GET /api/images/:key/:file',
  'POST /api/newsletter/subscribe',
  // Signed links from the newsletter mail: the token is the permission.
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  // A blog post's view beacon (counted once per visitor and day).
  'POST /api/blog/posts/:slug/view',
  // Public fields only; drafts only for the admin (the route decides what to show).
  'GET /api/settings',
  'GET /api/pages',
  'GET /api/pages/footer',
  'GET /api/pages/:slug',
  'GET /api/blog/posts',
  'GET /api/blog/posts/:slug',
  'GET /api/blog/categories',
  // Page redirects (old /recipe-id/{id} links), not the API.
  'GET /recipe-id/:id',
  'GET /recipe-id/:id/cook',
  'GET /recipe/:id',
  // The search page without JavaScript (HTML).
  'GET /search/results',
]);

/** Machine routes behind a shared secret: refused to every session, the admin's included. */
const SECRET_ROUTES = new Set(['POST /api/generator/worker']);

/** Any signed-in user (anonymous → 401). */
const USER_ROUTES = new Set([
  'POST /api/auth/change-password',
  // The cook's notebook: collections, private notes and cooking log, the meal plan.
  'GET /api/collections',
  'POST /api/collections',
  'PUT /api/collections/order',
  'GET /api/collections/:id',
  'PATCH /api/collections/:id',
  'DELETE /api/collections/:id',
  'PUT /api/collections/:id/recipes/:recipeId',
  'DELETE /api/collections/:id/recipes/:recipeId',
  'GET /api/recipes/:id/collections',
  'GET /api/recipes/:id/notebook',
  'PUT /api/recipes/:id/note',
  'POST /api/recipes/:id/cooked',
  'DELETE /api/cooked/:id',
  'GET /api/user/cooking',
  'GET /api/plan',
  'POST /api/plan/entries',
  'PATCH /api/plan/entries/:id',
  'DELETE /api/plan/entries/:id',
  'POST /api/plan/shopping-list',
  'GET /api/calorie-tracking',
  'POST /api/calorie-tracking',
  'GET /api/calorie-tracking/goal',
  'PUT /api/calorie-tracking/goal',
  'DELETE /api/calorie-tracking/:id',
  'POST /api/recipes/:id/reviews',
  'POST /api/reviews/:id/helpful',
  'POST /api/recipes/:id/save',
  'DELETE /api/recipes/:id/save',
  'GET /api/user/saved-recipes',
  'GET /api/shopping-list',
  'DELETE /api/shopping-list',
  'POST /api/shopping-list/items',
  'PATCH /api/shopping-list/items/:id',
  'PUT /api/shopping-list/items/:id',
  'DELETE /api/shopping-list/items/:id',
]);

const files = fs.readdirSync(path.join(ROOT, 'functions')).filter((f) => f.endsWith('.ts'));
const tables: { file: string; handler: Handler; route: Route }[] = [];
/** Files without routes (scheduled functions): they must have no URL either. */
const withoutRoutes: { file: string; path: unknown }[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(ROOT, 'functions', file)).href)) as {
    default: Handler;
    config: { path?: unknown };
  };
  if (!Array.isArray(mod.default.routes)) {
    withoutRoutes.push({ file, path: mod.config.path });
    continue;
  }
  for (const route of mod.default.routes) tables.push({ file, handler: mod.default, route });
}
const keyOf = (route: Route) => `${route.method} ${route.path}`;
/** Path params that name nothing (ids that do not exist), so an admin's call changes nothing. */
const guardParams = (p: string) =>
  Object.fromEntries(
    [...p.matchAll(/:(\w+)/g)].map(([, name]) => [name!, /id$/i.test(name!) ? 999999 : 'zz-guard']),
  );
/**
 * One route of a function's table, called through the route table (which lists every such route:
 * tests/unit/api-routes.test.ts), with an empty body for a write: deliberately not what it asks.
 */
const callTableRoute = (handler: Handler, route: Route, headers: SessionHeaders = {}) =>
  callRoute(
    handler,
    route.method,
    route.path as PathOf<typeof route.method>,
    unchecked({
      params: guardParams(route.path),
      headers,
      ...(route.method === 'GET' ? {} : { body: {} }),
    }),
  );

const adminRoutes = tables.filter(
  ({ route }) =>
    !PUBLIC_ROUTES.has(keyOf(route)) && !USER_ROUTES.has(keyOf(route)) && !SECRET_ROUTES.has(keyOf(route)),
);
const secretRoutes = tables.filter(({ route }) => SECRET_ROUTES.has(keyOf(route)));
const userRoutes = tables.filter(({ route }) => USER_ROUTES.has(keyOf(route)));

describe('route lists', () => {
  it('name only routes that exist (so they cannot rot)', () => {
    const existing = new Set(tables.map(({ route }) => keyOf(route)));
    for (const key of [...USER_ROUTES, ...SECRET_ROUTES]) expect(existing, key).toContain(key);
    // Public routes of resources another change adds may be listed before their file exists.
    expect(adminRoutes.length).toBeGreaterThan(10);
  });

  it('leave no function reachable by URL outside a route table', () => {
    for (const { file, path: declared } of withoutRoutes) expect(declared, file).toBeUndefined();
  });
});

describe.skipIf(!databaseAvailable)(`guard matrix on ${engine}`, () => {
  useTestDatabase();
  const { cook, admin } = useAdminSuite();

  it.each(adminRoutes.map(({ file, handler, route }) => [keyOf(route), file, handler, route] as const))(
    'admin route %s (%s): anonymous 401, cook 403, admin passes',
    async (_key, _file, handler, route) => {
      await expectAdminOnly(cook, (headers) => callTableRoute(handler, route, headers));
      const allowed = await callTableRoute(handler, route, { cookie: admin.cookie });
      expect([401, 403]).not.toContain(allowed.status);
      // 503: a dependency the route needs is not configured here (the AI generator), never a crash.
      expect(allowed.status === 503 || allowed.status < 500).toBe(true);
    },
  );

  it.each(secretRoutes.map(({ file, handler, route }) => [keyOf(route), file, handler, route] as const))(
    'secret route %s (%s): refused to anonymous callers, a cook and the admin alike',
    async (_key, _file, handler, route) => {
      for (const headers of [{}, { cookie: cook.cookie }, { cookie: admin.cookie }]) {
        const res = await callTableRoute(handler, route, headers);
        expect([401, 403]).toContain(res.status);
      }
    },
  );

  it.each(userRoutes.map(({ file, handler, route }) => [keyOf(route), file, handler, route] as const))(
    'user route %s (%s): anonymous 401, a signed-in cook passes',
    async (_key, _file, handler, route) => {
      const anonymous = await callTableRoute(handler, route);
      expect(anonymous.status).toBe(401);
      const user = await callTableRoute(handler, route, { cookie: cook.cookie });
      expect([401, 403]).not.toContain(user.status);
    },
  );
});
