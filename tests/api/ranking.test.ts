import { describe, expect, it } from 'vitest';
import { allRecipes, recipesInBatches } from '../../db/queries/recipes.ts';
import recipes from '../../functions/recipes.ts';
import { featuredOrder, relatedRecipes } from '../../src/lib/recipe-ranking.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The prebuilt pages rank over every recipe in TypeScript; the API ranks in the database. Both
// must give the same order, or a page and its refreshed island disagree.
describe.skipIf(!databaseAvailable)(`featured and related ranking on ${engine}`, () => {
  const db = useTestDatabase();

  // The build's loader reads the catalogue in batches (src/content.config.ts): whatever the batch
  // size, every recipe comes exactly once and equal to the one-query read.
  it.each([1, 3, 7, 1000])('batches of %i give every recipe once', async (size) => {
    const all = await allRecipes(db());
    const batched = [];
    for await (const batch of recipesInBatches(db(), size)) {
      expect(batch.length).toBeGreaterThan(0);
      expect(batch.length).toBeLessThanOrEqual(size);
      batched.push(...batch);
    }
    expect(batched.map((r) => r.id)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
    expect(batched.sort((a, b) => a.id - b.id)).toEqual([...all].sort((a, b) => a.id - b.id));
  });

  it('the featured API pages through the same order the home page is built in', async () => {
    const all = await allRecipes(db());
    const expected = featuredOrder(all).map((r) => r.id);
    const page = (offset: number) =>
      callRoute(recipes, 'GET', '/api/recipes/featured', { query: { limit: 8, offset } });
    const [first, second] = [await page(0), await page(8)];
    expect([...first.body, ...second.body].map((r) => r.id)).toEqual(expected.slice(0, 16));
  });

  it('the related API gives what the recipe page was built with, for every recipe', async () => {
    const all = await allRecipes(db());
    expect(all.length).toBeGreaterThan(10);
    for (const recipe of all.slice(0, 12)) {
      const res = await callRoute(recipes, 'GET', '/api/recipes/related/:id', {
        params: { id: recipe.id },
        query: { limit: 4 },
      });
      expect(res.status).toBe(200);
      expect(res.body.map((r) => r.id)).toEqual(relatedRecipes(recipe, all, 4).map((r) => r.id));
    }
  });
});
