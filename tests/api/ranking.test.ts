import { describe, expect, it } from 'vitest';
import { allRecipes } from '../../db/queries/recipes.ts';
import recipes from '../../functions/recipes.ts';
import { featuredOrder, relatedRecipes } from '../../src/lib/recipe-ranking.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The prebuilt pages rank over every recipe in TypeScript; the API ranks in the database. Both
// must give the same order, or a page and its refreshed island disagree.
describe.skipIf(!databaseAvailable)(`featured and related ranking on ${engine}`, () => {
  const db = useTestDatabase();

  it('the featured API pages through the same order the home page is built in', async () => {
    const all = await allRecipes(db());
    const expected = featuredOrder(all).map((r) => r.id);
    const first = await call(recipes, '/api/recipes/featured?limit=8&offset=0');
    const second = await call(recipes, '/api/recipes/featured?limit=8&offset=8');
    expect([...first.body, ...second.body].map((r: { id: number }) => r.id)).toEqual(expected.slice(0, 16));
  });

  it('the related API gives what the recipe page was built with, for every recipe', async () => {
    const all = await allRecipes(db());
    expect(all.length).toBeGreaterThan(10);
    for (const recipe of all.slice(0, 12)) {
      const res = await call(recipes, `/api/recipes/related/${recipe.id}?limit=4`);
      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: number }) => r.id)).toEqual(
        relatedRecipes(recipe, all, 4).map((r) => r.id),
      );
    }
  });
});
