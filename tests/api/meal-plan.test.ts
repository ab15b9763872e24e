import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plan from '../../functions/meal-plan.ts';
import shopping from '../../functions/shopping-list.ts';
import { deleteRecipe } from '../../functions/_shared/services/recipe-writes.ts';
import { restoreFromTrash } from '../../functions/_shared/services/trash.ts';
import { addDays } from '../../src/lib/notebook-dates.ts';
import { PLAN_LIMITS } from '../../src/lib/schemas/meal-plan.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`meal plan API on ${engine}`, () => {
  const db = useTestDatabase();
  let alice: TestAccount;
  let bob: TestAccount;
  let soup: number;
  let curry: number;
  let salad: number;
  const MONDAY = '2026-11-23';

  beforeAll(async () => {
    [alice, bob] = [await signUp('alice'), await signUp('bob')];
    const ids = (await db().selectFrom('recipes').select('id').orderBy('id').limit(3).execute()).map(
      (r) => r.id,
    );
    [soup, curry, salad] = ids as [number, number, number];
    const set = (id: number, title: string, servings: number, ingredients: unknown) =>
      db()
        .updateTable('recipes')
        .set({ title, servings, ingredients: JSON.stringify(ingredients) })
        .where('id', '=', id)
        .execute();
    await set(soup, 'Onion Soup', 4, ['2 onions, sliced', '1 cup stock', '1/2 tsp salt']);
    await set(curry, 'Curry', 2, ['1 onion, diced', '200 g rice', 'Salt to taste']);
    await set(salad, 'Salad', 2, ['1 cucumber', '1/2 tsp salt']);
  });

  beforeEach(async () => {
    await db().deleteFrom('plan_entries').execute();
    await db().deleteFrom('shopping_items').execute();
    await db().deleteFrom('rate_limits').execute();
  });

  const add = (who: TestAccount, json: RouteOf<'POST', '/api/plan/entries'>['body']) =>
    callRoute(plan, 'POST', '/api/plan/entries', { body: json, headers: { cookie: who.cookie } });
  const week = (who: TestAccount, w = MONDAY) =>
    callRoute(plan, 'GET', '/api/plan', { query: { week: w }, headers: { cookie: who.cookie } });
  const toList = (who: TestAccount, w = MONDAY) =>
    callRoute(plan, 'POST', '/api/plan/shopping-list', {
      body: { week: w },
      headers: { cookie: who.cookie },
    });
  const list = async (who: TestAccount) =>
    (
      (await callRoute(shopping, 'GET', '/api/shopping-list', { headers: { cookie: who.cookie } })).body as {
        ingredient: string;
        amount: number | null;
        unit: string;
        recipeTitle: string | null;
      }[]
    )
      .map((i) => [i.ingredient, i.amount, i.unit, i.recipeTitle])
      .sort((a, b) => {
        const key = (l: typeof a) => `${String(l[0]).toLowerCase()}\u0001${String(l[2])}`;
        return key(a) < key(b) ? -1 : 1;
      });

  it('plans a week, Monday first, by day and meal; moves and rescales entries', async () => {
    const dinner = await add(alice, { recipeId: soup, day: '2026-11-25', meal: 'dinner', servings: 2 });
    expect(dinner).toMatchObject({
      status: 201,
      body: { day: '2026-11-25', meal: 'dinner', servings: 2, recipeTitle: 'Onion Soup', onList: false },
    });
    await add(alice, { recipeId: curry, day: '2026-11-23', meal: 'lunch', servings: 3 });
    await add(alice, { recipeId: salad, day: '2026-11-30', meal: 'lunch', servings: 1 }); // next week
    const read = await week(alice, '2026-11-27'); // any day of the week reads its week
    expect(read.headers.get('cache-control')).toBe('private, no-store');
    expect(read.body.weekStart).toBe(MONDAY);
    expect(
      read.body.entries.map((e: { recipeTitle: string; day: string }) => [e.recipeTitle, e.day]),
    ).toEqual([
      ['Curry', '2026-11-23'],
      ['Onion Soup', '2026-11-25'],
    ]);
    const moved = await callRoute(plan, 'PATCH', '/api/plan/entries/:id', {
      params: { id: dinner.body.id },
      body: { day: '2026-11-29', meal: 'breakfast', servings: 24 },
      headers: { cookie: alice.cookie },
    });
    expect(moved.body).toMatchObject({ day: '2026-11-29', meal: 'breakfast', servings: 24 });
  });

  it.each([
    [{ recipeId: 1, day: '2026-11-31', meal: 'dinner', servings: 2 }, 'Date must be a real date'],
    [{ recipeId: 1, day: '2026-11-23', meal: 'supper', servings: 2 }, 'Meal must be one of'],
    [
      { recipeId: 1, day: '2026-11-23', meal: 'dinner', servings: 25 },
      'Servings must be a whole number from 1 to 24',
    ],
    [
      { recipeId: 1, day: '2026-11-23', meal: 'dinner', servings: 0 },
      'Servings must be a whole number from 1 to 24',
    ],
    [{ day: '2026-11-23', meal: 'dinner', servings: 2 }, 'Please choose a recipe'],
  ])('refuses %j', async (json, message) => {
    const res = await add(alice, unchecked(json));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect((await week(alice)).body.entries).toEqual([]);
  });

  it(`keeps at most ${PLAN_LIMITS.perMeal} recipes on one meal`, async () => {
    for (let i = 0; i < PLAN_LIMITS.perMeal; i++)
      expect((await add(alice, { recipeId: soup, day: MONDAY, meal: 'dinner', servings: 2 })).status).toBe(
        201,
      );
    const res = await add(alice, { recipeId: soup, day: MONDAY, meal: 'dinner', servings: 2 });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('already has 6 recipes');
  });

  it('adds the week to the list scaled per entry and merged, and adding twice changes nothing', async () => {
    await callRoute(shopping, 'POST', '/api/shopping-list/items', {
      body: { items: [{ ingredient: 'Onions', amount: 1 }] },
      headers: { cookie: alice.cookie },
    });
    await add(alice, { recipeId: soup, day: '2026-11-23', meal: 'dinner', servings: 8 });
    await add(alice, { recipeId: curry, day: '2026-11-24', meal: 'dinner', servings: 4 });
    await add(alice, { recipeId: salad, day: '2026-11-25', meal: 'dinner', servings: 2 });
    await add(alice, { recipeId: salad, day: '2026-12-02', meal: 'dinner', servings: 2 }); // another week
    const first = await toList(alice);
    expect(first.status).toBe(200);
    expect(first.body.entriesAdded).toBe(3);
    const expected = [
      ['cucumber', 1, '', 'Salad'],
      ['onion', 2, '', 'Curry'],
      ['Onions', 5, '', 'Onion Soup'], // 1 already there + 4 for 8 servings of a soup for 4
      ['rice', 400, 'g', 'Curry'],
      ['Salt', null, '', 'Curry'],
      ['salt', 1.5, 'tsp', 'Onion Soup, Salad'],
      ['stock', 2, 'cup', 'Onion Soup'],
    ];
    expect(await list(alice)).toEqual(expected);
    const again = await toList(alice);
    expect(again.body).toMatchObject({ entriesAdded: 0, linesChanged: 0 });
    expect(await list(alice)).toEqual(expected);
    const { entries } = (await week(alice)).body;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.onList)).toBe(true);
  });

  it('brings a rescaled entry up to date by the difference, and re-adds a line deleted from the list', async () => {
    const entry = (await add(alice, { recipeId: soup, day: MONDAY, meal: 'dinner', servings: 4 })).body;
    await toList(alice);
    await callRoute(plan, 'PATCH', '/api/plan/entries/:id', {
      params: { id: entry.id },
      body: { servings: 2 },
      headers: { cookie: alice.cookie },
    });
    await toList(alice);
    expect(await list(alice)).toEqual([
      ['onions', 1, '', 'Onion Soup'],
      ['salt', 0.25, 'tsp', 'Onion Soup'],
      ['stock', 0.5, 'cup', 'Onion Soup'],
    ]);
    const stock = (
      await callRoute(shopping, 'GET', '/api/shopping-list', { headers: { cookie: alice.cookie } })
    ).body.find((i) => i.ingredient === 'stock');
    await callRoute(shopping, 'DELETE', '/api/shopping-list/items/:id', {
      params: { id: stock!.id },
      headers: { cookie: alice.cookie },
    });
    expect((await toList(alice)).body.linesChanged).toBe(1);
    expect(await list(alice)).toHaveLength(3);
  });

  it('removing an entry can take exactly its share off the list', async () => {
    const soupEntry = (await add(alice, { recipeId: soup, day: MONDAY, meal: 'dinner', servings: 4 })).body;
    const saladEntry = (await add(alice, { recipeId: salad, day: MONDAY, meal: 'lunch', servings: 2 })).body;
    await toList(alice);
    const kept = await callRoute(plan, 'DELETE', '/api/plan/entries/:id', {
      params: { id: saladEntry.id },
      query: { fromList: 'false' },
      headers: { cookie: alice.cookie },
    });
    expect(kept.body).toEqual({ linesChanged: 0 });
    expect((await list(alice)).map((l) => l[0])).toContain('cucumber');
    const res = await callRoute(plan, 'DELETE', '/api/plan/entries/:id', {
      params: { id: soupEntry.id },
      query: { fromList: 'true' },
      headers: { cookie: alice.cookie },
    });
    expect(res.body).toEqual({ linesChanged: 3 });
    // The salad's half teaspoon of salt stays, with its recipe; the soup's lines go.
    expect(await list(alice)).toEqual([
      ['cucumber', 1, '', 'Salad'],
      ['salt', 0.5, 'tsp', 'Salad'],
    ]);
  });

  it("answers 404 for another cook's entry, 401 without a session, and shows nobody else's plan", async () => {
    const mine = (await add(alice, { recipeId: soup, day: MONDAY, meal: 'dinner', servings: 2 })).body;
    const params = { id: mine.id };
    for (const headers of [{ cookie: bob.cookie }, {}]) {
      const status = 'cookie' in headers ? 404 : 401;
      const body = { servings: 3 };
      expect(
        (await callRoute(plan, 'PATCH', '/api/plan/entries/:id', { params, body, headers })).status,
      ).toBe(status);
      expect((await callRoute(plan, 'DELETE', '/api/plan/entries/:id', { params, headers })).status).toBe(
        status,
      );
    }
    expect((await callRoute(plan, 'GET', '/api/plan', { query: { week: MONDAY } })).status).toBe(401);
    expect((await callRoute(plan, 'POST', '/api/plan/entries', { body: unchecked({}) })).status).toBe(401);
    expect(
      (await callRoute(plan, 'POST', '/api/plan/shopping-list', { body: { week: MONDAY } })).status,
    ).toBe(401);
    expect((await week(bob)).body.entries).toEqual([]);
    expect((await toList(bob)).body).toMatchObject({ entriesAdded: 0, items: [] });
    expect((await week(alice)).body.entries[0]).toMatchObject({ id: mine.id, servings: 2 });
  });

  it('refuses an empty change and a malformed week', async () => {
    const mine = (await add(alice, { recipeId: soup, day: MONDAY, meal: 'dinner', servings: 2 })).body;
    const res = await callRoute(plan, 'PATCH', '/api/plan/entries/:id', {
      params: { id: mine.id },
      body: {},
      headers: { cookie: alice.cookie },
    });
    expect(res).toMatchObject({ status: 400 });
    expect(JSON.stringify(res.body)).toContain('Change the day, the meal or the servings');
    expect(
      (
        await callRoute(plan, 'GET', '/api/plan', {
          query: { week: 'next' },
          headers: { cookie: alice.cookie },
        })
      ).status,
    ).toBe(400);
  });

  it('hides the entries of a trashed recipe and brings them back, still on the list, on restore', async () => {
    await add(alice, { recipeId: salad, day: MONDAY, meal: 'lunch', servings: 2 });
    await toList(alice);
    const trashed = await deleteRecipe(db(), salad, { publish: false });
    expect((await week(alice)).body.entries).toEqual([]);
    await restoreFromTrash(db(), trashed.id);
    expect((await week(alice)).body.entries).toMatchObject([{ recipeTitle: 'Salad', onList: true }]);
    expect((await toList(alice)).body.entriesAdded).toBe(0);
  });

  it('stays quick with a year of entries (three meals a day)', async () => {
    const start = '2026-01-05';
    const rows = [];
    for (let d = 0; d < 364; d++) {
      const day = addDays(start, d);
      for (const [meal, recipeId] of [
        ['breakfast', salad],
        ['lunch', curry],
        ['dinner', soup],
      ] as const)
        rows.push({ user_id: alice.id, recipe_id: recipeId, day, meal, servings: 1 + (d % 24) });
    }
    await db().insertInto('plan_entries').values(rows).execute();
    const timed = async (run: () => Promise<{ status: number }>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        expect((await run()).status).toBe(200);
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const read = await timed(() => week(alice, '2026-06-10'));
    const shop = await timed(() => toList(alice, '2026-06-10'));
    console.info(
      `a year of plan entries on ${engine}: week read ${read.toFixed(1)} ms, week to list ${shop.toFixed(1)} ms (median of 5)`,
    );
    expect((await week(alice, '2026-06-10')).body.entries).toHaveLength(21);
    expect(read).toBeLessThan(500);
    expect(shop).toBeLessThan(1000);
  });
});
