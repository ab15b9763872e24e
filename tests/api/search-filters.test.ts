import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Search and category lists filtered by total time, diet, an ingredient left out and the
// ingredients the cook has, through the API; bad filters are a 400 with a sentence.

describe.skipIf(!databaseAvailable)(`search filters on ${engine}`, () => {
  const db = useTestDatabase();

  const dietsById = async () =>
    new Map((await db().selectFrom('recipes').select(['id', 'diets']).execute()).map((r) => [r.id, r.diets]));
  const ingredientsById = async () =>
    new Map(
      (await db().selectFrom('recipes').select(['id', 'ingredients']).execute()).map((r) => [
        r.id,
        JSON.stringify(r.ingredients),
      ]),
    );

  it('keeps only recipes of the diets asked for, all of them', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
      query: { diet: 'vegan,gluten-free', limit: 50 },
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    const diets = await dietsById();
    for (const r of res.body)
      expect(diets.get(r.id)).toEqual(expect.arrayContaining(['vegan', 'gluten-free']));
  });

  it('keeps recipes ready within the time, with words', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
      query: { q: 'chicken', time: 45, limit: 50 },
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const r of res.body) expect(r.totalTime).toBeLessThanOrEqual(45);
  });

  it('leaves out recipes with an ingredient', async () => {
    const all = await callRoute(recipes, 'GET', '/api/recipes/search', {
      query: { q: 'chicken', limit: 50 },
    });
    const without = await callRoute(recipes, 'GET', '/api/recipes/search', {
      query: { q: 'chicken', exclude: 'garlic', limit: 50 },
    });
    expect(without.status).toBe(200);
    // Some chicken recipes are left without garlic, and none with it.
    expect(without.body.length).toBeGreaterThan(0);
    expect(without.body.length).toBeLessThan(all.body.length);
    const ingredients = await ingredientsById();
    expect(all.body.some((r) => /garlic/i.test(ingredients.get(r.id)!))).toBe(true);
    expect(without.body.every((r) => !/garlic/i.test(ingredients.get(r.id)!))).toBe(true);
  });

  it('ranks by how many of the cook’s ingredients a recipe uses and says what is missing', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
      query: { have: 'eggs, butter, flour', limit: 10 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    const counts = res.body.map((r) => r.pantry!.have);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const r of res.body) {
      expect(Array.isArray(r.pantry?.missing)).toBe(true);
      expect(r.pantry?.missing.some((m) => /^(?:eggs?|butter)$/i.test(m))).toBe(false);
    }
  });

  it('filters a category list the same way', async () => {
    const { category } = await db()
      .selectFrom('recipes')
      .select('category')
      .where(sql<boolean>`diets @> ARRAY['vegetarian']`)
      .executeTakeFirstOrThrow();
    const res = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category },
      query: { diet: 'vegetarian', limit: 50 },
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const r of res.body) {
      expect(r.category).toBe(category);
      expect(r.diets).toContain('vegetarian');
    }
  });

  it.each([
    [{ time: 20 }, 'time must be one of 15, 30, 45, 60 (minutes)'],
    [{ diet: 'paleo' }, 'diet must be among vegetarian, vegan, gluten-free, dairy-free'],
    [{ exclude: 'x'.repeat(41) }, 'An ingredient to leave out is at most 40 characters'],
    [
      { have: Array.from({ length: 13 }, (_, i) => `f${i}`).join(',') },
      'List at most 12 ingredients to cook with',
    ],
  ])('refuses %j with a sentence', async (query, message) => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/search', { query });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('still asks for something to search for', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { exclude: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Enter something to search for/);
  });
});
