import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import collections from '../../functions/collections.ts';
import saved from '../../functions/saved.ts';
import { deleteRecipe } from '../../functions/_shared/services/recipe-writes.ts';
import { restoreFromTrash } from '../../functions/_shared/services/trash.ts';
import { COLLECTION_LIMITS } from '../../src/lib/schemas/collection.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { twoCooks } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`collections API on ${engine}`, () => {
  const db = useTestDatabase();
  let alice: TestAccount, bob: TestAccount, recipeIds: number[];
  beforeAll(async () => ({ alice, bob, recipeIds } = await twoCooks(db(), 3)));

  beforeEach(async () => {
    await db().deleteFrom('collections').where('user_id', 'in', [alice.id, bob.id]).execute();
    await db().deleteFrom('saved_recipes').where('user_id', 'in', [alice.id, bob.id]).execute();
    await db().deleteFrom('rate_limits').execute();
  });

  const create = (who: TestAccount, json: RouteOf<'POST', '/api/collections'>['body']) =>
    callRoute(collections, 'POST', '/api/collections', { body: json, headers: { cookie: who.cookie } });

  it('creates, lists with counts, renames, reorders and deletes', async () => {
    const [a, b] = recipeIds as [number, number];
    const dinners = await create(alice, { name: '  Weeknight   dinners ', recipeId: a });
    expect(dinners).toMatchObject({ status: 201, body: { name: 'Weeknight dinners', recipeCount: 1 } });
    const baking = (await create(alice, { name: 'Baking' })).body;
    await callRoute(collections, 'PUT', '/api/collections/:id/recipes/:recipeId', {
      params: { id: baking.id, recipeId: b },
      headers: { cookie: alice.cookie },
    });
    // Twice in the same collection is still once; a recipe may sit in several collections.
    const again = await callRoute(collections, 'PUT', '/api/collections/:id/recipes/:recipeId', {
      params: { id: baking.id, recipeId: a },
      headers: { cookie: alice.cookie },
    });
    expect(again.body.collectionIds).toEqual([dinners.body.id, baking.id]);
    await callRoute(collections, 'PUT', '/api/collections/:id/recipes/:recipeId', {
      params: { id: baking.id, recipeId: a },
      headers: { cookie: alice.cookie },
    });

    const listed = await callRoute(collections, 'GET', '/api/collections', {
      headers: { cookie: alice.cookie },
    });
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    expect(listed.body.map((c: { name: string; recipeCount: number }) => [c.name, c.recipeCount])).toEqual([
      ['Weeknight dinners', 1],
      ['Baking', 2],
    ]);
    // Collected recipes are saved too: 'All saved' holds them.
    const all = await callRoute(saved, 'GET', '/api/user/saved-recipes', {
      headers: { cookie: alice.cookie },
    });
    expect(all.body.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());

    const renamed = await callRoute(collections, 'PATCH', '/api/collections/:id', {
      params: { id: baking.id },
      body: { name: 'Weekend baking' },
      headers: { cookie: alice.cookie },
    });
    expect(renamed.body.name).toBe('Weekend baking');
    const order = await callRoute(collections, 'PUT', '/api/collections/order', {
      body: { ids: [baking.id, dinners.body.id] },
      headers: { cookie: alice.cookie },
    });
    expect(order.body.map((c: { id: number }) => c.id)).toEqual([baking.id, dinners.body.id]);

    const page = await callRoute(collections, 'GET', '/api/collections/:id', {
      params: { id: baking.id },
      headers: { cookie: alice.cookie },
    });
    expect(page.body.collection.name).toBe('Weekend baking');
    expect(page.body.recipes.map((r: { id: number }) => r.id)).toEqual([a, b]);

    const out = await callRoute(collections, 'DELETE', '/api/collections/:id/recipes/:recipeId', {
      params: { id: baking.id, recipeId: a },
      headers: { cookie: alice.cookie },
    });
    expect(out.body.collectionIds).toEqual([dinners.body.id]);
    expect(
      (
        await callRoute(collections, 'DELETE', '/api/collections/:id', {
          params: { id: baking.id },
          headers: { cookie: alice.cookie },
        })
      ).status,
    ).toBe(200);
    expect(
      (await callRoute(collections, 'GET', '/api/collections', { headers: { cookie: alice.cookie } })).body,
    ).toHaveLength(1);
    expect(
      (await callRoute(saved, 'GET', '/api/user/saved-recipes', { headers: { cookie: alice.cookie } })).body,
    ).toHaveLength(2);
  });

  it.each([
    [{}, 'Please give the collection a name'],
    [{ name: '   ' }, 'Please give the collection a name'],
    [{ name: 'x'.repeat(61) }, 'Collection names are limited to 60 characters'],
    [{ name: 42 }, 'Please give the collection a name'],
    [{ name: 'Fine', recipeId: 'soup' }, 'recipeId must be a recipe id'],
  ])('refuses %j with a clear message and stores nothing', async (json, message) => {
    const res = await create(alice, unchecked(json));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(
      (await callRoute(collections, 'GET', '/api/collections', { headers: { cookie: alice.cookie } })).body,
    ).toEqual([]);
  });

  it('refuses a duplicate name whatever its letter case, on create and rename', async () => {
    await create(alice, { name: 'Soups' });
    const other = (await create(alice, { name: 'Stews' })).body;
    const dup = await create(alice, { name: 'SOUPS' });
    expect(dup).toMatchObject({
      status: 409,
      body: { error: 'You already have a collection with that name.' },
    });
    const rename = await callRoute(collections, 'PATCH', '/api/collections/:id', {
      params: { id: other.id },
      body: { name: 'soups' },
      headers: { cookie: alice.cookie },
    });
    expect(rename.status).toBe(409);
    // Another cook may use the same name.
    expect((await create(bob, { name: 'Soups' })).status).toBe(201);
  });

  it(`keeps at most ${COLLECTION_LIMITS.perUser} collections`, async () => {
    await db()
      .insertInto('collections')
      .values(
        Array.from({ length: COLLECTION_LIMITS.perUser }, (_, i) => ({
          user_id: alice.id,
          name: `Box ${i}`,
          position: i,
        })),
      )
      .execute();
    const res = await create(alice, { name: 'One more' });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('100 collections');
  });

  it('refuses an order that does not list each collection once', async () => {
    const one = (await create(alice, { name: 'One' })).body;
    const two = (await create(alice, { name: 'Two' })).body;
    for (const ids of [[one.id], [one.id, one.id], [one.id, two.id, 999999]]) {
      const res = await callRoute(collections, 'PUT', '/api/collections/order', {
        body: { ids },
        headers: { cookie: alice.cookie },
      });
      expect(res.status).toBe(400);
    }
  });

  it("answers 404 for another cook's collection and 401 without a session", async () => {
    const mine = (await create(alice, { name: 'Private', recipeId: recipeIds[0] })).body;
    const params = { id: mine.id };
    const [first, second] = recipeIds as [number, number];
    const attempts = [
      (headers: HeadersInit) => callRoute(collections, 'GET', '/api/collections/:id', { params, headers }),
      (headers: HeadersInit) =>
        callRoute(collections, 'PATCH', '/api/collections/:id', {
          params,
          body: { name: 'Stolen' },
          headers,
        }),
      (headers: HeadersInit) => callRoute(collections, 'DELETE', '/api/collections/:id', { params, headers }),
      (headers: HeadersInit) =>
        callRoute(collections, 'PUT', '/api/collections/:id/recipes/:recipeId', {
          params: { ...params, recipeId: second },
          headers,
        }),
      (headers: HeadersInit) =>
        callRoute(collections, 'DELETE', '/api/collections/:id/recipes/:recipeId', {
          params: { ...params, recipeId: first },
          headers,
        }),
    ];
    for (const attempt of attempts) {
      expect((await attempt({ cookie: bob.cookie })).status).toBe(404);
      expect((await attempt({})).status).toBe(401);
    }
    expect(
      (await callRoute(collections, 'GET', '/api/collections', { headers: { cookie: bob.cookie } })).body,
    ).toEqual([]);
    expect(
      (
        await callRoute(collections, 'GET', '/api/recipes/:id/collections', {
          params: { id: first },
          headers: { cookie: bob.cookie },
        })
      ).body,
    ).toEqual({
      collectionIds: [],
    });
    expect((await callRoute(collections, 'GET', '/api/collections')).status).toBe(401);
    const intact = await callRoute(collections, 'GET', '/api/collections/:id', {
      params,
      headers: { cookie: alice.cookie },
    });
    expect(intact.body).toMatchObject({ collection: { name: 'Private', recipeCount: 1 } });
  });

  it('answers 404 for a recipe that does not exist', async () => {
    const res = await create(alice, { name: 'Ghosts', recipeId: 2_000_000_000 });
    expect(res).toMatchObject({ status: 404, body: { error: 'Recipe not found.' } });
    expect(
      (await callRoute(collections, 'GET', '/api/collections', { headers: { cookie: alice.cookie } })).body,
    ).toEqual([]);
  });

  it('limits notebook writes per account', async () => {
    await db()
      .insertInto('rate_limits')
      .values({ key: `notebook:${alice.id}`, count: 600, window_start: new Date() })
      .execute();
    const res = await create(alice, { name: 'Too many' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await create(bob, { name: 'Fine' })).status).toBe(201);
  });

  it('hides the memberships of a trashed recipe and brings them back on restore', async () => {
    const victim = recipeIds[2]!;
    const box = (await create(alice, { name: 'Keepers', recipeId: victim })).body;
    const trashed = await deleteRecipe(db(), victim, { publish: false });
    expect(
      (
        await callRoute(collections, 'GET', '/api/collections/:id', {
          params: { id: box.id },
          headers: { cookie: alice.cookie },
        })
      ).body,
    ).toMatchObject({
      collection: { recipeCount: 0 },
      recipes: [],
    });
    await restoreFromTrash(db(), trashed.id);
    const back = await callRoute(collections, 'GET', '/api/collections/:id', {
      params: { id: box.id },
      headers: { cookie: alice.cookie },
    });
    expect(back.body.recipes.map((r: { id: number }) => r.id)).toEqual([victim]);
  });
});
