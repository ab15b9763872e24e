import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalorieEntry } from '../../src/lib/schemas/calorie-entry.ts';
import type * as CaloriesStore from '../../src/stores/calories.ts';
import { formatDay, onDay } from '../../src/islands/calories/calorie-format.ts';
import * as scripted from '../helpers/scripted-server.ts';

// The calorie tracker's store against a scripted stand-in for the server: each
// scripted answer is taken by the next request to its route, and may be held back to play a
// server that answers late.

let server: scripted.ScriptedServer;

function entry(
  id: number,
  mealType: CalorieEntry['mealType'],
  calories: number,
  date = '2026-11-22',
): CalorieEntry {
  return {
    id,
    date,
    recipeId: id,
    recipeName: `Recipe ${id}`,
    servings: 1,
    calories,
    mealType,
    createdAt: '2026-11-22T08:00:00.000Z',
  };
}

type Store = typeof CaloriesStore;

async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import('../../src/stores/calories.ts');
}

/** A fresh store showing 22 Nov 2026 with one entry: lunch, 500 cal (id 1). */
async function storeShowingOneLunch(): Promise<Store> {
  const store = await freshStore();
  server.answer('GET /api/calorie-tracking?date=2026-11-22', {
    status: 200,
    body: { date: '2026-11-22', entries: [entry(1, 'lunch', 500)], total: 500, goal: 2000 },
  });
  await store.loadCalorieDay('2026-11-22');
  return store;
}

beforeEach(() => {
  server = scripted.scriptedServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calorie rules', () => {
  it.each([
    [new Date(2026, 10, 22, 0, 5), '2026-11-22'],
    [new Date(2026, 10, 22, 23, 55), '2026-11-22'],
    [new Date(2027, 0, 3, 12), '2027-01-03'],
  ])('the local day of %s is %s (never the UTC day)', async (date, day) => {
    const { localDate } = await freshStore();
    expect(localDate(date)).toBe(day);
  });

  it.each([
    [420, 1, 420],
    [420, 0.5, 210],
    [333, 1.5, 500],
    [425, 2.5, 1063],
    [0, 3, 0],
  ])('%d cal per serving × %d servings = %d', async (perServing, servings, total) => {
    const { entryCalories } = await freshStore();
    expect(entryCalories(perServing, servings)).toBe(total);
  });

  it.each<[number, string | undefined]>([
    [2000, undefined],
    [1000, undefined],
    [5000, undefined],
    [999, 'Calorie goal must be between 1000 and 5000'],
    [5001, 'Calorie goal must be between 1000 and 5000'],
    [1500.5, 'Calorie goal must be between 1000 and 5000'],
    [Number.NaN, 'Calorie goal must be between 1000 and 5000'],
  ])('goal %d → %s', async (goal, message) => {
    const { goalError } = await freshStore();
    expect(goalError(goal)).toBe(message);
  });

  it.each<[string, { recipeId: number; servings: number }, Record<string, string> | undefined]>([
    ['valid', { recipeId: 3, servings: 1 }, undefined],
    ['half a serving', { recipeId: 3, servings: 0.5 }, undefined],
    ['ten servings', { recipeId: 3, servings: 10 }, undefined],
    ['no recipe chosen', { recipeId: 0, servings: 1 }, { recipeId: 'Please select a recipe' }],
    [
      'too few servings',
      { recipeId: 3, servings: 0.25 },
      { servings: 'Servings must be between 0.5 and 10' },
    ],
    [
      'too many servings',
      { recipeId: 3, servings: 10.5 },
      { servings: 'Servings must be between 0.5 and 10' },
    ],
    ['off the 0.5 step', { recipeId: 3, servings: 1.25 }, { servings: 'Servings go in steps of 0.5' }],
    [
      'empty servings',
      { recipeId: 3, servings: Number.NaN },
      { servings: 'Servings must be between 0.5 and 10' },
    ],
  ])('entry: %s', async (_name, fields, errors) => {
    const { entryErrors } = await freshStore();
    expect(entryErrors({ date: '2026-11-22', mealType: 'lunch', ...fields })).toEqual(errors);
  });

  it.each([
    [7, 'breakfast'],
    [12, 'lunch'],
    [19, 'dinner'],
    [23, 'snack'],
    [2, 'snack'],
  ])('at %d:00 the likely meal is %s', async (hour, meal) => {
    const { mealTypeAt } = await freshStore();
    expect(mealTypeAt(new Date(2026, 10, 22, hour))).toBe(meal);
  });

  it('groups entries by meal in the order breakfast, lunch, dinner, snack, with totals', async () => {
    const { entriesByMeal, dayTotal } = await freshStore();
    const entries = [
      entry(1, 'dinner', 600),
      entry(2, 'breakfast', 300),
      entry(3, 'snack', 150),
      entry(4, 'breakfast', 120),
    ];
    expect(entriesByMeal(entries).map((g) => [g.mealType, g.entries.map((e) => e.id), g.total])).toEqual([
      ['breakfast', [2, 4], 420],
      ['dinner', [1], 600],
      ['snack', [3], 150],
    ]);
    expect(dayTotal(entries)).toBe(1170);
  });

  it.each([
    ['2026-11-22', '2026-11-22', 'today'],
    ['2026-11-21', '2026-11-22', 'Saturday, November 21, 2026'],
  ])('day %s (today %s) reads %j', (date, today, text) => {
    expect(formatDay(date, today)).toBe(text);
    expect(onDay(date, today)).toBe(text === 'today' ? 'today' : `on ${text}`);
  });
});

describe('the calorie store', () => {
  it('loads a day: the caller’s entries and goal', async () => {
    const store = await freshStore();
    server.answer('GET /api/calorie-tracking?date=2026-11-22', {
      status: 200,
      body: { date: '2026-11-22', entries: [entry(1, 'lunch', 500)], total: 500, goal: 1800 },
    });
    await store.loadCalorieDay('2026-11-22');
    expect(store.$calorieDay.get()).toMatchObject({
      date: '2026-11-22',
      goal: 1800,
      goalKnown: true,
      status: 'ready',
      entries: [{ id: 1 }],
    });
  });

  it('an answer for a day the user has already left is ignored', async () => {
    const store = await freshStore();
    const slow = scripted.later();
    server.answer('GET /api/calorie-tracking?date=2026-11-21', slow.promise);
    server.answer('GET /api/calorie-tracking?date=2026-11-22', {
      status: 200,
      body: { date: '2026-11-22', entries: [], total: 0, goal: 2000 },
    });
    const first = store.loadCalorieDay('2026-11-21');
    await store.loadCalorieDay('2026-11-22');
    slow.release({
      status: 200,
      body: { date: '2026-11-21', entries: [entry(9, 'dinner', 900, '2026-11-21')], total: 900, goal: 2000 },
    });
    await first;
    expect(store.$calorieDay.get()).toMatchObject({ date: '2026-11-22', entries: [] });
  });

  it('a failed load says so and keeps the day chosen', async () => {
    const store = await freshStore();
    server.answer('GET /api/calorie-tracking?date=2026-11-22', 'network-error');
    await store.loadCalorieDay('2026-11-22');
    expect(store.$calorieDay.get()).toMatchObject({
      date: '2026-11-22',
      status: 'error',
      error: expect.stringContaining('Could not load'),
    });
  });

  it.each([
    ['an entry for the day shown joins it', '2026-11-22', 2],
    ['an entry for another day does not', '2026-11-20', 1],
  ])('%s', async (_name, date, count) => {
    const store = await storeShowingOneLunch();
    server.answer('POST /api/calorie-tracking', { status: 201, body: entry(2, 'dinner', 700, date) });
    await store.addCalorieEntry({ date, recipeId: 2, servings: 1, mealType: 'dinner' });
    expect(server.calls.at(-1)?.body).toEqual({ date, recipeId: 2, servings: 1, mealType: 'dinner' });
    expect(store.$calorieDay.get().entries).toHaveLength(count);
  });

  it("a refused entry rejects with the server's message and changes nothing", async () => {
    const store = await freshStore();
    const { errorText } = await import('../../src/lib/api/client.ts');
    server.answer('POST /api/calorie-tracking', { status: 404, body: { error: 'Recipe not found.' } });
    const err = await store
      .addCalorieEntry({ date: '2026-11-22', recipeId: 99999, servings: 1, mealType: 'lunch' })
      .catch((e: unknown) => e);
    expect(errorText(err, 'fallback')).toBe('Recipe not found.');
    expect(store.$calorieDay.get().entries).toEqual([]);
  });

  it('saves a goal in range; an out-of-range goal never reaches the server', async () => {
    const store = await freshStore();
    await expect(store.saveCalorieGoal(6000)).rejects.toThrow('Calorie goal must be between 1000 and 5000');
    expect(server.calls).toEqual([]);
    server.answer('PUT /api/calorie-tracking/goal', { status: 200, body: { goal: 1800 } });
    await expect(store.saveCalorieGoal(1800)).resolves.toBe(1800);
    expect(server.calls[0]).toMatchObject({ method: 'PUT', body: { goal: 1800 } });
    expect(store.$calorieDay.get()).toMatchObject({ goal: 1800, goalKnown: true });
  });

  it.each<[string, scripted.ScriptedAnswer, 'gone' | 'kept']>([
    ['deleted', { status: 200, body: { success: true } }, 'gone'],
    [
      'already gone on the server (404)',
      { status: 404, body: { error: 'Calorie entry not found.' } },
      'gone',
    ],
    ['server down', { status: 503, body: { error: 'Database unavailable' } }, 'kept'],
  ])('delete: %s', async (_name, reply, result) => {
    const store = await storeShowingOneLunch();
    server.answer('DELETE /api/calorie-tracking/1', reply);
    const outcome = await store.deleteCalorieEntry(1).then(
      () => 'resolved',
      () => 'rejected',
    );
    expect(outcome).toBe(result === 'gone' ? 'resolved' : 'rejected');
    expect(store.$calorieDay.get().entries).toHaveLength(result === 'gone' ? 0 : 1);
  });

  it('loads the picker once, sorted by title, and adds the current recipe when it is not in the first hundred', async () => {
    const store = await freshStore();
    server.answer('GET /api/recipes?limit=100', {
      status: 200,
      body: [
        { id: 2, title: 'Waffles', calories: 300, slug: 'w' },
        { id: 1, title: 'Apple pie', calories: 410, slug: 'a' },
      ],
    });
    const [a, b] = await Promise.all([store.loadRecipeOptions(), store.loadRecipeOptions()]);
    expect(a).toEqual([
      { id: 1, title: 'Apple pie', calories: 410 },
      { id: 2, title: 'Waffles', calories: 300 },
    ]);
    expect(b).toBe(a);
    await store.loadRecipeOptions();
    expect(server.calls).toHaveLength(1);
    expect(store.withRecipe(a, { id: 500, title: 'Old favourite', calories: 200 }).map((o) => o.id)).toEqual([
      500, 1, 2,
    ]);
    expect(store.withRecipe(a, { id: 2, title: 'Waffles', calories: 300 }).map((o) => o.id)).toEqual([1, 2]);
  });

  it('logout forgets the day', async () => {
    const store = await freshStore();
    const session = await import('../../src/stores/session.ts');
    server.answer('GET /api/calorie-tracking?date=2026-11-22', {
      status: 200,
      body: { date: '2026-11-22', entries: [entry(1, 'lunch', 500)], total: 500, goal: 1800 },
    });
    await store.loadCalorieDay('2026-11-22');
    session.$user.set({ id: 1, username: 'alice', email: 'alice@example.com' });
    server.answer('POST /api/auth/logout', { status: 200, body: { success: true } });
    await session.logout();
    expect(store.$calorieDay.get()).toMatchObject({
      date: '',
      entries: [],
      goal: 2000,
      goalKnown: false,
      status: 'idle',
    });
  });
});
