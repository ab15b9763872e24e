import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import saved from '../../functions/saved.ts';
import { as, signUp, type TestAccount } from '../helpers/accounts.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`saved recipes API on ${engine}`, () => {
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

  // Every test starts with nothing saved, whatever ran before it.
  beforeEach(async () => {
    await db().deleteFrom('saved_recipes').where('user_id', 'in', [alice.id, bob.id]).execute();
  });

  const savedRows = async (userId: number) =>
    (await db().selectFrom('saved_recipes').select('recipe_id').where('user_id', '=', userId).execute()).map(
      (r) => r.recipe_id,
    );

  it('anonymous visitors get {saved: false}, not a 401', async () => {
    const res = await call(saved, `/api/recipes/${recipeIds[0]}/saved`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved: false });
  });

  it('save and unsave are idempotent and answer the new state', async () => {
    const [id] = recipeIds as [number];
    for (let i = 0; i < 2; i++) {
      const res = await call(saved, `/api/recipes/${id}/save`, as(alice, { method: 'POST' }));
      expect(res).toMatchObject({ status: 200, body: { saved: true } });
    }
    expect(await savedRows(alice.id)).toEqual([id]);
    expect((await call(saved, `/api/recipes/${id}/saved`, as(alice))).body).toEqual({ saved: true });
    for (let i = 0; i < 2; i++) {
      const res = await call(saved, `/api/recipes/${id}/save`, as(alice, { method: 'DELETE' }));
      expect(res).toMatchObject({ status: 200, body: { saved: false } });
    }
    expect(await savedRows(alice.id)).toEqual([]);
    expect((await call(saved, `/api/recipes/${id}/saved`, as(alice))).headers.get('cache-control')).toBe(
      'private, no-store',
    );
  });

  it('lists full recipes, most recently saved first', async () => {
    const [a, b, c] = recipeIds as [number, number, number];
    for (const id of [b, a, c]) await call(saved, `/api/recipes/${id}/save`, as(alice, { method: 'POST' }));
    const res = await call(saved, '/api/user/saved-recipes', as(alice));
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([c, a, b]);
    const recipe = res.body[0];
    for (const key of [
      'slug',
      'title',
      'ingredients',
      'instructions',
      'nutrition',
      'rating',
      'averageRating',
      'reviewCount',
      'tags',
    ]) {
      expect(recipe).toHaveProperty(key);
    }
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it("another user's saved list is never visible", async () => {
    const save = await call(saved, `/api/recipes/${recipeIds[0]}/save`, as(alice, { method: 'POST' }));
    expect(save.status).toBe(200);
    expect((await call(saved, '/api/user/saved-recipes', as(bob))).body).toEqual([]);
    expect((await call(saved, `/api/recipes/${recipeIds[0]}/saved`, as(bob))).body).toEqual({ saved: false });
    await call(saved, `/api/recipes/${recipeIds[0]}/save`, as(bob, { method: 'DELETE' }));
    expect(await savedRows(alice.id)).toContain(recipeIds[0]);
  });

  it.each([
    ['GET saved-recipes', 'GET', '/api/user/saved-recipes', 'Please log in'],
    ['POST save', 'POST', '/api/recipes/1/save', 'Please log in to save recipes'],
    ['DELETE save', 'DELETE', '/api/recipes/1/save', 'Please log in to save recipes'],
  ])('%s needs a session (401)', async (_name, method, path, message) => {
    const res = await call(saved, path, { method });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(message);
  });

  it.each([
    ['unknown recipe', 'POST', '/api/recipes/2000000/save', 404],
    ['unknown recipe (unsave)', 'DELETE', '/api/recipes/2000000/save', 404],
    ['malformed id', 'POST', '/api/recipes/abc/save', 400],
    ['malformed id (saved state)', 'GET', '/api/recipes/1x/saved', 400],
  ])('%s → %i, nothing stored', async (_name, method, path, status) => {
    const before = await savedRows(bob.id);
    const res = await call(saved, path, as(bob, { method }));
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    expect(await savedRows(bob.id)).toEqual(before);
  });
});
