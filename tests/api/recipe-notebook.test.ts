import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import notebook from '../../functions/notebook.ts';
import recipes from '../../functions/recipes.ts';
import { deleteRecipe } from '../../functions/_shared/services/recipe-writes.ts';
import { restoreFromTrash } from '../../functions/_shared/services/trash.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { twoCooks } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`private notes and cooking log on ${engine}`, () => {
  const db = useTestDatabase();
  let alice: TestAccount, bob: TestAccount, recipeIds: number[];
  beforeAll(async () => ({ alice, bob, recipeIds } = await twoCooks(db(), 2)));

  beforeEach(async () => {
    await db().deleteFrom('recipe_notes').execute();
    await db().deleteFrom('cooking_log').execute();
    await db().deleteFrom('rate_limits').execute();
  });

  const notebookOf = (who: TestAccount, id: number | string) =>
    callRoute(notebook, 'GET', '/api/recipes/:id/notebook', {
      params: { id },
      headers: { cookie: who.cookie },
    });
  const cookingLog = (who: TestAccount) =>
    callRoute(notebook, 'GET', '/api/user/cooking', { headers: { cookie: who.cookie } });
  const session = (who: TestAccount | null) => (who ? { cookie: who.cookie } : {});
  type NoteInput = RouteOf<'PUT', '/api/recipes/:id/note'>['body'];
  type CookedInput = RouteOf<'POST', '/api/recipes/:id/cooked'>['body'];
  const putNote = (who: TestAccount | null, id: number, body: NoteInput) =>
    callRoute(notebook, 'PUT', '/api/recipes/:id/note', { params: { id }, body, headers: session(who) });
  const cooked = (who: TestAccount, id: number, body: CookedInput) =>
    callRoute(notebook, 'POST', '/api/recipes/:id/cooked', { params: { id }, body, headers: session(who) });

  it('keeps a private note: written, replaced, cleared', async () => {
    const id = recipeIds[0]!;
    const first = await putNote(alice, id, { body: '  Less salt.\nDouble the garlic.  ' });
    expect(first.status).toBe(200);
    expect(first.body.note?.body).toBe('Less salt.\nDouble the garlic.');
    await putNote(alice, id, { body: 'Less salt.' });
    const read = await notebookOf(alice, id);
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(read.body).toMatchObject({ note: { body: 'Less salt.' }, cooked: { count: 0, lastOn: null } });
    expect((await putNote(alice, id, { body: '   ' })).body).toEqual({ note: null });
    expect((await notebookOf(alice, id)).body.note).toBeNull();
  });

  it('never shows a note to another cook, a visitor or the public recipe API', async () => {
    const id = recipeIds[0]!;
    const secret = 'My secret: a spoon of miso';
    await putNote(alice, id, { body: secret });
    const bobs = await notebookOf(bob, id);
    expect(bobs.body).toEqual({ note: null, cooked: { count: 0, lastOn: null } });
    expect((await callRoute(notebook, 'GET', '/api/recipes/:id/notebook', { params: { id } })).status).toBe(
      401,
    );
    expect((await putNote(null, id, { body: 'x' })).status).toBe(401);
    // The public recipe answer (what pages and JSON-LD are built from) holds no note, even for its author.
    for (const headers of [{}, { cookie: alice.cookie }]) {
      const pub = await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id }, headers });
      expect(pub.status).toBe(200);
      expect(JSON.stringify(pub.body)).not.toContain('miso');
    }
    // Bob writing his own note leaves Alice's alone.
    await putNote(bob, id, { body: 'Bob’s note' });
    expect((await notebookOf(alice, id)).body.note?.body).toBe(secret);
  });

  it.each([
    [{ body: 'x'.repeat(2001) }, 400, 'Notes are limited to 2,000 characters'],
    [{ body: 12 }, 400, 'The note must be text'],
    [{}, 400, 'The note must be text'],
  ])('refuses the note %#', async (json, status, message) => {
    const res = await putNote(alice, recipeIds[0]!, unchecked(json));
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await db().selectFrom('recipe_notes').selectAll().execute()).toEqual([]);
  });

  it('accepts a note of exactly 2,000 characters', async () => {
    expect((await putNote(alice, recipeIds[0]!, { body: 'y'.repeat(2000) })).status).toBe(200);
  });

  it('counts cooking and remembers the last day; undo removes one', async () => {
    const id = recipeIds[0]!;
    await cooked(alice, id, { cookedOn: '2026-11-02', servings: 4 });
    await cooked(alice, id, { cookedOn: '2026-11-12' });
    const third = await cooked(alice, id, { cookedOn: '2026-11-05', servings: null });
    expect(third).toMatchObject({ status: 201, body: { cooked: { count: 3, lastOn: '2026-11-12' } } });
    const log = await cookingLog(alice);
    expect(
      log.body.map((e: { cookedOn: string; servings: number | null }) => [e.cookedOn, e.servings]),
    ).toEqual([
      ['2026-11-12', null],
      ['2026-11-05', null],
      ['2026-11-02', 4],
    ]);
    expect(log.body[0]).toMatchObject({
      recipeId: id,
      recipeTitle: expect.any(String),
      recipeSlug: expect.any(String),
    });
    expect(
      (
        await callRoute(notebook, 'DELETE', '/api/cooked/:id', {
          params: { id: third.body.id },
          headers: { cookie: bob.cookie },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(notebook, 'DELETE', '/api/cooked/:id', { params: { id: third.body.id } })).status,
    ).toBe(401);
    const undo = await callRoute(notebook, 'DELETE', '/api/cooked/:id', {
      params: { id: third.body.id },
      headers: { cookie: alice.cookie },
    });
    expect(undo.body).toEqual({ cooked: { count: 2, lastOn: '2026-11-12' } });
    expect((await cookingLog(bob)).body).toEqual([]);
    expect((await callRoute(notebook, 'GET', '/api/user/cooking')).status).toBe(401);
  });

  it.each([
    [{}, 'Please choose the day you cooked it'],
    [{ cookedOn: '2026-02-30' }, 'Date must be a real date written YYYY-MM-DD'],
    [{ cookedOn: '12 Nov' }, 'Date must be a real date written YYYY-MM-DD'],
    [{ cookedOn: '2026-11-12', servings: 0 }, 'Servings must be a whole number from 1 to 24'],
    [{ cookedOn: '2026-11-12', servings: 25 }, 'Servings must be a whole number from 1 to 24'],
    [{ cookedOn: '2026-11-12', servings: 2.5 }, 'Servings must be a whole number from 1 to 24'],
  ])('refuses the cooking %j', async (json, message) => {
    const res = await cooked(alice, recipeIds[0]!, unchecked(json));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await db().selectFrom('cooking_log').selectAll().execute()).toEqual([]);
  });

  it('answers 404 for a recipe that does not exist and 400 for a malformed id', async () => {
    expect((await cooked(alice, 2_000_000_000, { cookedOn: '2026-11-12' })).status).toBe(404);
    expect((await putNote(alice, 2_000_000_000, { body: 'x' })).status).toBe(404);
    expect((await notebookOf(alice, 'abc')).status).toBe(400);
  });

  it('hides note and log while the recipe is in the trash and brings them back on restore', async () => {
    const id = recipeIds[1]!;
    await putNote(alice, id, { body: 'Keep me' });
    await cooked(alice, id, { cookedOn: '2026-11-10' });
    const trashed = await deleteRecipe(db(), id, { publish: false });
    expect((await cookingLog(alice)).body).toEqual([]);
    expect((await notebookOf(alice, id)).status).toBe(404);
    await restoreFromTrash(db(), trashed.id);
    const back = await notebookOf(alice, id);
    expect(back.body).toMatchObject({
      note: { body: 'Keep me' },
      cooked: { count: 1, lastOn: '2026-11-10' },
    });
  });
});
