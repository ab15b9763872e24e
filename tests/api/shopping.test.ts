import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import shopping from '../../functions/shopping-list.ts';
import { SHOPPING_LIMITS } from '../../src/lib/schemas/shopping-item.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { rowCount } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`shopping list API on ${engine}`, () => {
  const db = useTestDatabase();
  let cook: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    [cook, other] = [await signUp('shopper'), await signUp('neighbour')];
  });

  // Both lists start empty in every test, whatever ran before it.
  beforeEach(async () => {
    await db().deleteFrom('shopping_items').where('user_id', 'in', [cook.id, other.id]).execute();
  });

  const focaccia: NewItems = [
    { ingredient: 'Flour', amount: 2, unit: 'cups', recipeTitle: 'Focaccia' },
    { ingredient: 'sea salt', amount: null, unit: '', recipeTitle: 'Focaccia' },
    { ingredient: 'Cherry tomatoes', amount: 250, unit: 'g', recipeTitle: 'Focaccia' },
    { ingredient: 'mystery spice blend', amount: 1, unit: 'tsp', recipeTitle: 'Focaccia', category: 'Other' },
  ];
  /** The cook's list the later tests work on: the four Focaccia items. */
  const addFocaccia = async () => expect((await add(cook, focaccia)).status).toBe(200);

  type NewItems = RouteOf<'POST', '/api/shopping-list/items'>['body']['items'];
  const add = (account: TestAccount, items: NewItems) =>
    callRoute(shopping, 'POST', '/api/shopping-list/items', {
      body: { items },
      headers: { cookie: account.cookie },
    });
  const list = async (account: TestAccount) =>
    (await callRoute(shopping, 'GET', '/api/shopping-list', { headers: { cookie: account.cookie } }))
      .body as {
      id: number;
      ingredient: string;
      amount: number | null;
      unit: string;
      recipeTitle: string | null;
      checked: boolean;
      category: string;
    }[];
  const clear = (account: TestAccount) =>
    callRoute(shopping, 'DELETE', '/api/shopping-list', { headers: { cookie: account.cookie } });
  const itemsStored = () => rowCount(db(), 'shopping_items');

  it('adds items with their categories and answers the whole list', async () => {
    await clear(cook);
    const res = await add(cook, focaccia);
    expect(res.status).toBe(200);
    expect(res.body.map((i: { ingredient: string; category: string }) => [i.ingredient, i.category])).toEqual(
      [
        ['Flour', 'Pantry'],
        ['sea salt', 'Pantry'],
        ['Cherry tomatoes', 'Produce'],
        ['mystery spice blend', 'Other'],
      ],
    );
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      ingredient: 'Flour',
      amount: 2,
      unit: 'cups',
      recipeTitle: 'Focaccia',
      checked: false,
      category: 'Pantry',
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('merges the same ingredient and unit (case, spaces and plural units ignored), summing amounts', async () => {
    await addFocaccia();
    const before = await list(cook);
    const flour = before.find((i) => i.ingredient === 'Flour')!;
    await callRoute(shopping, 'PATCH', '/api/shopping-list/items/:id', {
      params: { id: flour.id },
      body: { checked: true },
      headers: { cookie: cook.cookie },
    });
    const res = await add(cook, [
      { ingredient: '  flour ', amount: 0.5, unit: 'Cup', recipeTitle: 'Pancakes' },
      { ingredient: 'FLOUR', amount: 1.25, unit: 'cups', recipeTitle: 'Pancakes' },
      { ingredient: 'Flour', amount: 100, unit: 'g', recipeTitle: 'Pancakes' },
      { ingredient: 'Sea Salt', amount: null, unit: '', recipeTitle: 'Pancakes' },
    ]);
    const after = res.body as typeof before;
    const cups = after.find((i) => i.id === flour.id)!;
    expect(cups.amount).toBe(3.75);
    expect(cups.recipeTitle).toBe('Focaccia, Pancakes');
    // More to buy: a ticked line comes back unticked.
    expect(cups.checked).toBe(false);
    expect(after.filter((i) => i.ingredient.toLowerCase().trim() === 'flour')).toHaveLength(2);
    expect(after.filter((i) => i.ingredient.toLowerCase() === 'sea salt')).toHaveLength(1);
    expect(after).toHaveLength(before.length + 1);
  });

  it('ticks and unticks with PATCH or PUT', async () => {
    await addFocaccia();
    const [item] = await list(cook);
    const ticked = await callRoute(shopping, 'PATCH', '/api/shopping-list/items/:id', {
      params: { id: item!.id },
      body: { checked: true },
      headers: { cookie: cook.cookie },
    });
    expect(ticked.body.checked).toBe(true);
    const unticked = await callRoute(shopping, 'PUT', '/api/shopping-list/items/:id', {
      params: { id: item!.id },
      body: { checked: false },
      headers: { cookie: cook.cookie },
    });
    expect(unticked.body.checked).toBe(false);
  });

  it('deletes one item, then clears only the ticked ones, then everything', async () => {
    await addFocaccia();
    const items = await list(cook);
    expect(
      (
        await callRoute(shopping, 'DELETE', '/api/shopping-list/items/:id', {
          params: { id: items[0]!.id },
          headers: { cookie: cook.cookie },
        })
      ).status,
    ).toBe(200);
    await callRoute(shopping, 'PATCH', '/api/shopping-list/items/:id', {
      params: { id: items[1]!.id },
      body: { checked: true },
      headers: { cookie: cook.cookie },
    });
    const onlyTicked = await callRoute(shopping, 'DELETE', '/api/shopping-list', {
      query: { checked: 'true' },
      headers: { cookie: cook.cookie },
    });
    expect(onlyTicked.body).toEqual({ deleted: 1 });
    expect(await list(cook)).toHaveLength(items.length - 2);
    expect((await clear(cook)).body).toEqual({ deleted: items.length - 2 });
    expect(await list(cook)).toEqual([]);
  });

  it("another user's list is never visible or changeable (their ids answer 404)", async () => {
    await add(cook, [{ ingredient: 'Basil', amount: 1, unit: 'bunch', recipeTitle: 'Pesto' }]);
    const [basil] = await list(cook);
    expect(await list(other)).toEqual([]);
    const options = { params: { id: basil!.id }, headers: { cookie: other.cookie } };
    for (const res of [
      await callRoute(shopping, 'PATCH', '/api/shopping-list/items/:id', {
        ...options,
        body: { checked: true },
      }),
      await callRoute(shopping, 'PUT', '/api/shopping-list/items/:id', {
        ...options,
        body: { checked: true },
      }),
      await callRoute(shopping, 'DELETE', '/api/shopping-list/items/:id', options),
    ]) {
      expect(res.status).toBe(404);
    }
    await clear(other);
    await add(other, [{ ingredient: 'basil', amount: 2, unit: 'bunch', recipeTitle: 'Salad' }]);
    // Merging never crosses users.
    expect((await list(cook)).map((i) => [i.id, i.amount, i.checked])).toEqual([[basil!.id, 1, false]]);
  });

  it.each([
    ['no items', { items: [] }, 'Add at least one item'],
    ['items missing', {}, 'Add at least one item'],
    ['an empty ingredient', { items: [{ ingredient: '  ', amount: 1 }] }, 'Each item needs an ingredient'],
    ['a negative amount', { items: [{ ingredient: 'eggs', amount: -2 }] }, 'more than 0'],
    ['an amount as text', { items: [{ ingredient: 'eggs', amount: 'two' }] }, 'number or null'],
    ['a huge amount', { items: [{ ingredient: 'eggs', amount: 1e9 }] }, 'at most'],
    [
      'an unknown category',
      { items: [{ ingredient: 'eggs', amount: 2, category: 'Candy' }] },
      'Category must be one of',
    ],
    ['a very long ingredient', { items: [{ ingredient: 'x'.repeat(201), amount: 1 }] }, 'limited to 200'],
    [
      'too many items at once',
      {
        items: Array.from({ length: SHOPPING_LIMITS.itemsPerRequest + 1 }, (_, i) => ({
          ingredient: `item ${i}`,
        })),
      },
      `At most ${SHOPPING_LIMITS.itemsPerRequest}`,
    ],
    // The last item is bad: the good ones before it must not be stored either.
    [
      'one bad item among good ones',
      { items: [{ ingredient: 'milk', amount: 1, unit: 'l' }, { ingredient: '' }] },
      'Each item needs an ingredient',
    ],
  ])('rejects %s with 400 and stores nothing', async (_name, body, message) => {
    const before = await itemsStored();
    const res = await callRoute(shopping, 'POST', '/api/shopping-list/items', {
      body: unchecked(body),
      headers: { cookie: cook.cookie },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await itemsStored()).toBe(before);
  });

  it.each([
    ['checked missing', {}],
    ['checked as text', { checked: 'yes' }],
  ])('rejects a tick with %s (400), item unchanged', async (_name, body) => {
    await addFocaccia();
    const [item] = await list(cook);
    const res = await callRoute(shopping, 'PATCH', '/api/shopping-list/items/:id', {
      params: { id: item!.id },
      body: unchecked(body),
      headers: { cookie: cook.cookie },
    });
    expect(res.status).toBe(400);
    expect((await list(cook))[0]).toEqual(item);
  });

  it(`refuses to grow a list past ${SHOPPING_LIMITS.itemsPerList} items (409), adding nothing`, async () => {
    await clear(other);
    await db()
      .insertInto('shopping_items')
      .values(
        Array.from({ length: SHOPPING_LIMITS.itemsPerList }, (_, i) => ({
          user_id: other.id,
          ingredient: `thing ${i}`,
        })),
      )
      .execute();
    const res = await add(other, [{ ingredient: 'one more thing' }]);
    expect(res.status).toBe(409);
    expect(await list(other)).toHaveLength(SHOPPING_LIMITS.itemsPerList);
    // Merging into an existing line still works on a full list.
    expect((await add(other, [{ ingredient: 'thing 1' }])).status).toBe(200);
  });

  it.each([
    ['GET /api/shopping-list', () => callRoute(shopping, 'GET', '/api/shopping-list')],
    [
      'POST /api/shopping-list/items',
      () =>
        callRoute(shopping, 'POST', '/api/shopping-list/items', {
          body: { items: [{ ingredient: 'eggs' }] },
        }),
    ],
    [
      'PATCH /api/shopping-list/items/1',
      () =>
        callRoute(shopping, 'PATCH', '/api/shopping-list/items/:id', {
          params: { id: 1 },
          body: { checked: true },
        }),
    ],
    [
      'DELETE /api/shopping-list/items/1',
      () => callRoute(shopping, 'DELETE', '/api/shopping-list/items/:id', { params: { id: 1 } }),
    ],
    ['DELETE /api/shopping-list', () => callRoute(shopping, 'DELETE', '/api/shopping-list')],
  ])('%s needs a session (401)', async (_route, send) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Please log in to use the shopping list');
  });
});
