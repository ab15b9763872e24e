import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

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
    const res = await call(recipes, '/api/recipes/search?diet=vegan,gluten-free&limit=50');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    const diets = await dietsById();
    for (const r of res.body)
      expect(diets.get(r.id)).toEqual(expect.arrayContaining(['vegan', 'gluten-free']));
  });

  it('keeps recipes ready within the time, with words', async () => {
    const res = await call(recipes, '/api/recipes/search?q=chicken&time=45&limit=50');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const r of res.body) expect(r.totalTime).toBeLessThanOrEqual(45);
  });

  it('leaves out recipes with an ingredient', async () => {
    const all = await call(recipes, '/api/recipes/search?q=chicken&limit=50');
    const without = await call(recipes, '/api/recipes/search?q=chicken&exclude=garlic&limit=50');
    expect(without.status).toBe(200);
    const ingredients = await ingredientsById();
    expect(all.body.some((r: { id: number }) => /garlic/i.test(ingredients.get(r.id)!))).toBe(true);
    expect(without.body.every((r: { id: number }) => !/garlic/i.test(ingredients.get(r.id)!))).toBe(true);
  });

  it('ranks by how many of the cook’s ingredients a recipe uses and says what is missing', async () => {
    const res = await call(recipes, '/api/recipes/search?have=eggs,%20butter,%20flour&limit=10');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    const counts = res.body.map((r: { pantry: { have: number } }) => r.pantry.have);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const r of res.body) {
      expect(Array.isArray(r.pantry.missing)).toBe(true);
      expect(r.pantry.missing.some((m: string) => /^(?:eggs?|butter)$/i.test(m))).toBe(false);
    }
  });

  it('filters a category list the same way', async () => {
    const { category } = await db()
      .selectFrom('recipes')
      .select('category')
      .where(sql<boolean>`diets @> ARRAY['vegetarian']`)
      .executeTakeFirstOrThrow();
    const res = await call(recipes, `/api/recipes/category/${category}?diet=vegetarian&limit=50`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const r of res.body) {
      expect(r.category).toBe(category);
      expect(r.diets).toContain('vegetarian');
    }
  });

  it.each([
    ['time=20', 'time must be one of 15, 30, 45, 60 (minutes)'],
    ['diet=paleo', 'diet must be among vegetarian, vegan, gluten-free, dairy-free'],
    [`exclude=${'x'.repeat(41)}`, 'An ingredient to leave out is at most 40 characters'],
    [
      `have=${Array.from({ length: 13 }, (_, i) => `f${i}`).join(',')}`,
      'List at most 12 ingredients to cook with',
    ],
  ])('refuses ?%s with a sentence', async (query, message) => {
    const res = await call(recipes, `/api/recipes/search?${query}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('still asks for something to search for', async () => {
    const res = await call(recipes, '/api/recipes/search?exclude=');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Enter something to search for/);
  });
});
