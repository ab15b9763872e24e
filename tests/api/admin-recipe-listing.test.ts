// The admin recipe listing with search and paging, reviews in the cached lists, and the admin guard.
import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import reviews from '../../functions/reviews.ts';
import { expectAdminOnly, type AdminRequest } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAdminRecipesSuite } from '../helpers/admin-recipes-suite.ts';

describe.skipIf(!databaseAvailable)(`recipe writes on ${engine}`, () => {
  const { cook, count, createBrulees } = useAdminRecipesSuite();

  it('lists for the admin table with search, order, paging and the total', async () => {
    await createBrulees();
    const all = await callRoute(recipes, 'GET', '/api/recipes', { query: { q: 'my way', limit: 2 } });
    expect(all.status).toBe(200);
    expect(all.headers.get('X-Total-Count')).toBe('3');
    expect(all.body).toHaveLength(2);
    const next = await callRoute(recipes, 'GET', '/api/recipes', {
      query: { q: 'my way', limit: 2, offset: 2 },
    });
    expect(next.body).toHaveLength(1);
    const byTitle = await callRoute(recipes, 'GET', '/api/recipes', { query: { sort: 'title', limit: 100 } });
    const titles = byTitle.body.map((r: { title: string }) => r.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      (await callRoute(recipes, 'GET', '/api/recipes', { query: { sort: unchecked('sideways') } })).status,
    ).toBe(400);
    const none = await callRoute(recipes, 'GET', '/api/recipes', { query: { q: '%%nothing%' } });
    expect(none.body).toEqual([]);
    expect(none.headers.get('X-Total-Count')).toBe('0');
  });

  it('a new review shows in the cached recipe lists at once (the list kept the old rating)', async () => {
    const first = (await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 1 } })).body[0]!;
    await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 1 } }); // now served from the cache
    const featured = async () =>
      (await callRoute(recipes, 'GET', '/api/recipes/featured', { query: { limit: 200 } })).body.find(
        (r: { id: number }) => r.id === first.id,
      );
    const before = await featured();
    const res = await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
      params: { id: first.id },
      headers: { cookie: cook.cookie },
      body: { rating: 1, comment: 'Not for me.' },
    });
    expect(res.status).toBe(201);
    const after = (await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 1 } })).body[0]!;
    expect(after.id).toBe(first.id);
    expect(after.reviewCount).toBe(first.reviewCount + 1);
    expect(after.rating).not.toBe(first.rating);
    expect((await featured())?.reviewCount).toBe((before?.reviewCount ?? first.reviewCount) + 1);
  });

  it.each<[string, AdminRequest]>([
    [
      'POST /api/recipes',
      (headers) => callRoute(recipes, 'POST', '/api/recipes', { headers, body: validRecipeInput() }),
    ],
    [
      'PUT /api/recipes/1',
      (headers) =>
        callRoute(recipes, 'PUT', '/api/recipes/:id', {
          params: { id: 1 },
          headers,
          body: validRecipeInput(),
        }),
    ],
    [
      'DELETE /api/recipes/1',
      (headers) => callRoute(recipes, 'DELETE', '/api/recipes/:id', { params: { id: 1 }, headers }),
    ],
  ])('%s: anonymous 401, a cook 403, nothing changed', async (_route, send) => {
    const before = await count();
    await expectAdminOnly(cook, send);
    expect(await count()).toBe(before);
    expect((await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: 1 } })).status).toBe(200);
  });
});
