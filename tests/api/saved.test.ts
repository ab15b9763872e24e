import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import saved from '../../functions/saved.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { twoCooks } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`saved recipes API on ${engine}`, () => {
  const db = useTestDatabase();
  let alice: TestAccount, bob: TestAccount, recipeIds: number[];
  beforeAll(async () => ({ alice, bob, recipeIds } = await twoCooks(db(), 3)));

  // Every test starts with nothing saved, whatever ran before it.
  beforeEach(async () => {
    await db().deleteFrom('saved_recipes').where('user_id', 'in', [alice.id, bob.id]).execute();
  });

  const headers = (who: TestAccount | null) => (who ? { cookie: who.cookie } : {});
  const save = (id: number | string, who: TestAccount | null) =>
    callRoute(saved, 'POST', '/api/recipes/:id/save', { params: { id }, headers: headers(who) });
  const unsave = (id: number | string, who: TestAccount | null) =>
    callRoute(saved, 'DELETE', '/api/recipes/:id/save', { params: { id }, headers: headers(who) });
  const savedState = (id: number | string, who: TestAccount | null) =>
    callRoute(saved, 'GET', '/api/recipes/:id/saved', { params: { id }, headers: headers(who) });
  const savedList = (who: TestAccount | null) =>
    callRoute(saved, 'GET', '/api/user/saved-recipes', { headers: headers(who) });

  const savedRows = async (userId: number) =>
    (await db().selectFrom('saved_recipes').select('recipe_id').where('user_id', '=', userId).execute()).map(
      (r) => r.recipe_id,
    );

  it('anonymous visitors get {saved: false}, not a 401', async () => {
    const res = await savedState(recipeIds[0]!, null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ saved: false });
  });

  it('save and unsave are idempotent and answer the new state', async () => {
    const [id] = recipeIds as [number];
    for (let i = 0; i < 2; i++) {
      const res = await save(id, alice);
      expect(res).toMatchObject({ status: 200, body: { saved: true } });
    }
    expect(await savedRows(alice.id)).toEqual([id]);
    expect((await savedState(id, alice)).body).toEqual({ saved: true });
    for (let i = 0; i < 2; i++) {
      const res = await unsave(id, alice);
      expect(res).toMatchObject({ status: 200, body: { saved: false } });
    }
    expect(await savedRows(alice.id)).toEqual([]);
    expect((await savedState(id, alice)).headers.get('cache-control')).toBe('private, no-store');
  });

  it('lists full recipes, most recently saved first', async () => {
    const [a, b, c] = recipeIds as [number, number, number];
    for (const id of [b, a, c]) await save(id, alice);
    const res = await savedList(alice);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.id)).toEqual([c, a, b]);
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
    const [id] = recipeIds as [number];
    const saving = await save(id, alice);
    expect(saving.status).toBe(200);
    expect((await savedList(bob)).body).toEqual([]);
    expect((await savedState(id, bob)).body).toEqual({ saved: false });
    await unsave(id, bob);
    expect(await savedRows(alice.id)).toContain(id);
  });

  it.each([
    ['GET saved-recipes', () => savedList(null), 'Please log in'],
    ['POST save', () => save(1, null), 'Please log in to save recipes'],
    ['DELETE save', () => unsave(1, null), 'Please log in to save recipes'],
  ])('%s needs a session (401)', async (_name, send, message) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(message);
  });

  it.each([
    ['unknown recipe', () => save(2000000, bob), 404],
    ['unknown recipe (unsave)', () => unsave(2000000, bob), 404],
    ['malformed id', () => save('abc', bob), 400],
    ['malformed id (saved state)', () => savedState('1x', bob), 400],
  ])('%s → %i, nothing stored', async (_name, send, status) => {
    const before = await savedRows(bob.id);
    const res = await send();
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    expect(await savedRows(bob.id)).toEqual(before);
  });
});
