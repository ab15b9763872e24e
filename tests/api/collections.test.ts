import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import collections from '../../functions/collections.ts';
import saved from '../../functions/saved.ts';
import { deleteRecipe } from '../../functions/_shared/services/recipe-writes.ts';
import { restoreFromTrash } from '../../functions/_shared/services/trash.ts';
import { COLLECTION_LIMITS } from '../../src/lib/schemas/collection.ts';
import { as, signUp, type TestAccount } from '../helpers/accounts.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`collections API on ${engine}`, () => {
  const db = useTestDatabase();
  let alice: TestAccount;
  let bob: TestAccount;
  let recipeIds: number[];

  beforeAll(async () => {
    [alice, bob] = [await signUp('alice'), await signUp('bob')];
    recipeIds = (await db().selectFrom('recipes').select('id').orderBy('id').limit(3).execute()).map(
      (r) => r.id,
    );
  });

  beforeEach(async () => {
    await db().deleteFrom('collections').where('user_id', 'in', [alice.id, bob.id]).execute();
    await db().deleteFrom('saved_recipes').where('user_id', 'in', [alice.id, bob.id]).execute();
    await db().deleteFrom('rate_limits').execute();
  });

  const create = (who: TestAccount, json: unknown) =>
    call(collections, '/api/collections', as(who, { method: 'POST', json }));

  it('creates, lists with counts, renames, reorders and deletes', async () => {
    const [a, b] = recipeIds as [number, number];
    const dinners = await create(alice, { name: '  Weeknight   dinners ', recipeId: a });
    expect(dinners).toMatchObject({ status: 201, body: { name: 'Weeknight dinners', recipeCount: 1 } });
    const baking = (await create(alice, { name: 'Baking' })).body;
    await call(collections, `/api/collections/${baking.id}/recipes/${b}`, as(alice, { method: 'PUT' }));
    // Twice in the same collection is still once; a recipe may sit in several collections.
    const again = await call(
      collections,
      `/api/collections/${baking.id}/recipes/${a}`,
      as(alice, { method: 'PUT' }),
    );
    expect(again.body.collectionIds).toEqual([dinners.body.id, baking.id]);
    await call(collections, `/api/collections/${baking.id}/recipes/${a}`, as(alice, { method: 'PUT' }));

    const listed = await call(collections, '/api/collections', as(alice));
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    expect(listed.body.map((c: { name: string; recipeCount: number }) => [c.name, c.recipeCount])).toEqual([
      ['Weeknight dinners', 1],
      ['Baking', 2],
    ]);
    // Collected recipes are saved too: 'All saved' holds them.
    const all = await call(saved, '/api/user/saved-recipes', as(alice));
    expect(all.body.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());

    const renamed = await call(
      collections,
      `/api/collections/${baking.id}`,
      as(alice, { method: 'PATCH', json: { name: 'Weekend baking' } }),
    );
    expect(renamed.body.name).toBe('Weekend baking');
    const order = await call(
      collections,
      '/api/collections/order',
      as(alice, { method: 'PUT', json: { ids: [baking.id, dinners.body.id] } }),
    );
    expect(order.body.map((c: { id: number }) => c.id)).toEqual([baking.id, dinners.body.id]);

    const page = await call(collections, `/api/collections/${baking.id}`, as(alice));
    expect(page.body.collection.name).toBe('Weekend baking');
    expect(page.body.recipes.map((r: { id: number }) => r.id)).toEqual([a, b]);

    const out = await call(
      collections,
      `/api/collections/${baking.id}/recipes/${a}`,
      as(alice, { method: 'DELETE' }),
    );
    expect(out.body.collectionIds).toEqual([dinners.body.id]);
    expect(
      (await call(collections, `/api/collections/${baking.id}`, as(alice, { method: 'DELETE' }))).status,
    ).toBe(200);
    expect((await call(collections, '/api/collections', as(alice))).body).toHaveLength(1);
    expect((await call(saved, '/api/user/saved-recipes', as(alice))).body).toHaveLength(2);
  });

  it.each([
    [{}, 'Please give the collection a name'],
    [{ name: '   ' }, 'Please give the collection a name'],
    [{ name: 'x'.repeat(61) }, 'Collection names are limited to 60 characters'],
    [{ name: 42 }, 'Please give the collection a name'],
    [{ name: 'Fine', recipeId: 'soup' }, 'recipeId must be a recipe id'],
  ])('refuses %j with a clear message and stores nothing', async (json, message) => {
    const res = await create(alice, json);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect((await call(collections, '/api/collections', as(alice))).body).toEqual([]);
  });

  it('refuses a duplicate name whatever its letter case, on create and rename', async () => {
    await create(alice, { name: 'Soups' });
    const other = (await create(alice, { name: 'Stews' })).body;
    const dup = await create(alice, { name: 'SOUPS' });
    expect(dup).toMatchObject({
      status: 409,
      body: { error: 'You already have a collection with that name.' },
    });
    const rename = await call(
      collections,
      `/api/collections/${other.id}`,
      as(alice, { method: 'PATCH', json: { name: 'soups' } }),
    );
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
      const res = await call(
        collections,
        '/api/collections/order',
        as(alice, { method: 'PUT', json: { ids } }),
      );
      expect(res.status).toBe(400);
    }
  });

  it("answers 404 for another cook's collection and 401 without a session", async () => {
    const mine = (await create(alice, { name: 'Private', recipeId: recipeIds[0] })).body;
    const path = `/api/collections/${mine.id}`;
    for (const [method, url, json] of [
      ['GET', path, undefined],
      ['PATCH', path, { name: 'Stolen' }],
      ['DELETE', path, undefined],
      ['PUT', `${path}/recipes/${recipeIds[1]}`, undefined],
      ['DELETE', `${path}/recipes/${recipeIds[0]}`, undefined],
    ] as const) {
      expect((await call(collections, url, as(bob, { method, json }))).status).toBe(404);
      expect((await call(collections, url, { method, json })).status).toBe(401);
    }
    expect((await call(collections, '/api/collections', as(bob))).body).toEqual([]);
    expect((await call(collections, `/api/recipes/${recipeIds[0]}/collections`, as(bob))).body).toEqual({
      collectionIds: [],
    });
    expect((await call(collections, '/api/collections')).status).toBe(401);
    const intact = await call(collections, path, as(alice));
    expect(intact.body).toMatchObject({ collection: { name: 'Private', recipeCount: 1 } });
  });

  it('answers 404 for a recipe that does not exist', async () => {
    const res = await create(alice, { name: 'Ghosts', recipeId: 2_000_000_000 });
    expect(res).toMatchObject({ status: 404, body: { error: 'Recipe not found.' } });
    expect((await call(collections, '/api/collections', as(alice))).body).toEqual([]);
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
    expect((await call(collections, `/api/collections/${box.id}`, as(alice))).body).toMatchObject({
      collection: { recipeCount: 0 },
      recipes: [],
    });
    await restoreFromTrash(db(), trashed.id);
    const back = await call(collections, `/api/collections/${box.id}`, as(alice));
    expect(back.body.recipes.map((r: { id: number }) => r.id)).toEqual([victim]);
  });
});
