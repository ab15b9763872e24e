import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import calories from '../../functions/calorie-tracking.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { rowCount } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`calorie tracking API on ${engine}`, () => {
  const db = useTestDatabase();
  let eater: TestAccount;
  let other: TestAccount;
  let recipe: { id: number; title: string; calories: number };
  const DAY = '2026-03-14';

  beforeAll(async () => {
    [eater, other] = [await signUp('eater'), await signUp('other_eater')];
    recipe = await db()
      .selectFrom('recipes')
      .select(['id', 'title', 'calories'])
      .where('calories', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });

  // Every test starts from users without entries and with the default goal, so no test depends on
  // what another one (run before it in whatever order) stored.
  beforeEach(async () => {
    const ids = [eater.id, other.id];
    await db().deleteFrom('calorie_entries').where('user_id', 'in', ids).execute();
    await db()
      .updateTable('users')
      .set({ calorie_goal: sql<number>`default` })
      .where('id', 'in', ids)
      .execute();
  });

  /** The eater's entries the day tests read: dinner (1.5 servings) and lunch on DAY, a snack the day after. */
  const addDayEntries = async () => {
    const entries: NewEntry[] = [
      { date: DAY, recipeId: recipe.id, servings: 1.5, mealType: 'dinner' },
      { date: DAY, recipeId: recipe.id, mealType: 'lunch' },
      { date: '2026-03-15', recipeId: recipe.id, servings: 2, mealType: 'snack' },
    ];
    for (const json of entries) {
      expect((await addEntry(eater, json)).status).toBe(201);
    }
  };

  type NewEntry = RouteOf<'POST', '/api/calorie-tracking'>['body'];
  const addEntry = (account: TestAccount, json: NewEntry) =>
    callRoute(calories, 'POST', '/api/calorie-tracking', { body: json, headers: { cookie: account.cookie } });
  const removeEntry = (account: TestAccount, id: number) =>
    callRoute(calories, 'DELETE', '/api/calorie-tracking/:id', {
      params: { id },
      headers: { cookie: account.cookie },
    });
  const goalOf = (account: TestAccount) =>
    callRoute(calories, 'GET', '/api/calorie-tracking/goal', { headers: { cookie: account.cookie } });
  const day = (account: TestAccount, date = DAY) =>
    callRoute(calories, 'GET', '/api/calorie-tracking', {
      query: { date },
      headers: { cookie: account.cookie },
    });
  const entriesStored = () => rowCount(db(), 'calorie_entries');

  it('adds an entry with calories computed from the recipe (servings default 1)', async () => {
    const res = await addEntry(eater, { date: DAY, recipeId: recipe.id, servings: 1.5, mealType: 'dinner' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      date: DAY,
      recipeId: recipe.id,
      recipeName: recipe.title,
      servings: 1.5,
      calories: Math.round(recipe.calories * 1.5),
      mealType: 'dinner',
      createdAt: expect.any(String),
    });
    const plain = await addEntry(eater, { date: DAY, recipeId: recipe.id, mealType: 'lunch' });
    expect(plain.body).toMatchObject({ servings: 1, calories: recipe.calories });
  });

  it('ignores calories sent by the browser', async () => {
    const res = await addEntry(
      eater,
      unchecked({
        date: '2026-03-15',
        recipeId: recipe.id,
        servings: 2,
        mealType: 'snack',
        calories: 1,
        recipeName: 'Fake',
      }),
    );
    expect(res.body).toMatchObject({ calories: recipe.calories * 2, recipeName: recipe.title });
  });

  it("answers the caller's entries of the day, their total and the goal", async () => {
    await addDayEntries();
    const res = await day(eater);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(DAY);
    expect(res.body.entries.map((e) => e.mealType)).toEqual(['dinner', 'lunch']);
    expect(res.body.total).toBe(Math.round(recipe.calories * 1.5) + recipe.calories);
    expect(res.body.goal).toBe(2000);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await day(eater, '2026-03-15')).body.entries).toHaveLength(1);
  });

  it("another user's entries are never visible or deletable (their ids answer 404)", async () => {
    await addDayEntries();
    expect((await day(other)).body).toMatchObject({ entries: [], total: 0 });
    const [entry] = (await day(eater)).body.entries;
    const res = await removeEntry(other, entry!.id);
    expect(res.status).toBe(404);
    expect((await day(eater)).body.entries).toHaveLength(2);
  });

  it('deletes an own entry once; a second delete is 404', async () => {
    const { id } = (await addEntry(eater, { date: '2026-03-16', recipeId: recipe.id, mealType: 'breakfast' }))
      .body;
    expect((await removeEntry(eater, id)).status).toBe(200);
    expect((await removeEntry(eater, id)).status).toBe(404);
  });

  it('keeps a goal per user (default 2000)', async () => {
    expect((await goalOf(eater)).body).toEqual({ goal: 2000 });
    const res = await callRoute(calories, 'PUT', '/api/calorie-tracking/goal', {
      body: { goal: 1800 },
      headers: { cookie: eater.cookie },
    });
    expect(res.body).toEqual({ goal: 1800 });
    expect((await day(eater)).body.goal).toBe(1800);
    expect((await goalOf(other)).body).toEqual({ goal: 2000 });
  });

  it.each([
    ['999', 999],
    ['5001', 5001],
    ['a fraction', 1500.5],
    ['text', '2000'],
  ])('rejects a goal of %s (400, goal unchanged)', async (_name, goal) => {
    const before = (await goalOf(eater)).body.goal;
    const res = await callRoute(calories, 'PUT', '/api/calorie-tracking/goal', {
      body: { goal: unchecked<number>(goal) },
      headers: { cookie: eater.cookie },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Calorie goal must be between 1000 and 5000');
    expect((await goalOf(eater)).body.goal).toBe(before);
  });

  it.each([
    ['no recipe chosen', { date: DAY, servings: 1, mealType: 'lunch' }, 'Please select a recipe'],
    ['recipe id as text', { date: DAY, recipeId: 'soup', mealType: 'lunch' }, 'Please select a recipe'],
    ['servings 0.25', { date: DAY, recipeId: 1, servings: 0.25, mealType: 'lunch' }, 'between 0.5 and 10'],
    ['servings 10.5', { date: DAY, recipeId: 1, servings: 10.5, mealType: 'lunch' }, 'between 0.5 and 10'],
    [
      'servings 1.3 (not a step of 0.5)',
      { date: DAY, recipeId: 1, servings: 1.3, mealType: 'lunch' },
      'steps of 0.5',
    ],
    [
      'an unknown meal type',
      { date: DAY, recipeId: 1, mealType: 'brunch' },
      'breakfast, lunch, dinner or snack',
    ],
    ['an impossible date', { date: '2026-02-30', recipeId: 1, mealType: 'lunch' }, 'YYYY-MM-DD'],
    ['a date in another format', { date: '14/03/2026', recipeId: 1, mealType: 'lunch' }, 'YYYY-MM-DD'],
    ['no date', { recipeId: 1, mealType: 'lunch' }, 'YYYY-MM-DD'],
  ])('rejects %s with 400 and stores nothing', async (_name, body, message) => {
    const before = await entriesStored();
    const res = await addEntry(eater, unchecked(body));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await entriesStored()).toBe(before);
  });

  it('an unknown recipe is 404 and stores nothing', async () => {
    const before = await entriesStored();
    expect((await addEntry(eater, { date: DAY, recipeId: 2_000_000, mealType: 'lunch' })).status).toBe(404);
    expect(await entriesStored()).toBe(before);
  });

  it.each(['2026-13-01', 'today', '2026-3-1'])('a day query of %s is a 400', async (date) => {
    expect((await day(eater, date)).status).toBe(400);
  });

  it.each([
    ['GET /api/calorie-tracking', () => callRoute(calories, 'GET', '/api/calorie-tracking')],
    [
      'POST /api/calorie-tracking',
      () => callRoute(calories, 'POST', '/api/calorie-tracking', { body: unchecked({}) }),
    ],
    [
      'DELETE /api/calorie-tracking/1',
      () => callRoute(calories, 'DELETE', '/api/calorie-tracking/:id', { params: { id: 1 } }),
    ],
    ['GET /api/calorie-tracking/goal', () => callRoute(calories, 'GET', '/api/calorie-tracking/goal')],
    [
      'PUT /api/calorie-tracking/goal',
      () => callRoute(calories, 'PUT', '/api/calorie-tracking/goal', { body: unchecked({}) }),
    ],
  ])('%s needs a session (401)', async (_route, send) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Please log in to track calories');
  });
});
