import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import path from 'node:path';
import { readRecipeFile, recipeFiles } from '../../db/seed.ts';
import { ROOT } from '../helpers/paths.ts';
import { RecipeSummarySchema } from '../../src/lib/schemas/recipe.ts';
import type { PathOf } from '../../src/lib/api/routes.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`recipes API on ${engine}`, () => {
  const db = useTestDatabase();

  const anyRecipe = async () =>
    db()
      .selectFrom('recipes')
      .select(['id', 'slug', 'category', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it('lists recipes newest first with the public field names and parsed ingredients', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 5, offset: 0 } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    const first = res.body[0]!;
    const second = res.body[1]!;
    expect(first.createdAt >= second.createdAt).toBe(true);
    for (const key of [
      'id',
      'slug',
      'title',
      'description',
      'image',
      'category',
      'cuisine',
      'prepTime',
      'cookTime',
      'totalTime',
      'servings',
      'difficulty',
      'calories',
      'nutrition',
      'ingredients',
      'instructions',
      'rating',
      'averageRating',
      'reviewCount',
      'faqs',
      'tags',
      'createdAt',
      'updatedAt',
    ]) {
      expect(first).toHaveProperty(key);
    }
    expect(typeof first.ingredients).toBe('object');
    expect(Array.isArray(first.instructions)).toBe(true);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('netlify-cache-tag')?.split(',')).toContain('recipes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps grouped ingredient sections in the order they were written', async () => {
    const files = recipeFiles(path.join(ROOT, 'content'))
      .map((file) => ({ slug: path.basename(file, '.json'), recipe: readRecipeFile(file) }))
      .filter(({ recipe }) => !Array.isArray(recipe.ingredients));
    expect(files.length).toBeGreaterThan(10);
    for (const { slug, recipe } of files) {
      const res = await callRoute(recipes, 'GET', '/api/recipes/slug/:slug', { params: { slug } });
      expect(Object.keys(res.body.ingredients), slug).toEqual(Object.keys(recipe.ingredients));
    }
  });

  it('pages featured recipes with offset', async () => {
    const all = await callRoute(recipes, 'GET', '/api/recipes/featured', { query: { limit: 12 } });
    const second = await callRoute(recipes, 'GET', '/api/recipes/featured', {
      query: { limit: 4, offset: 8 },
    });
    expect(second.body.map((r: { id: number }) => r.id)).toEqual(
      all.body.slice(8, 12).map((r: { id: number }) => r.id),
    );
  });

  it('pages with offset without overlap', async () => {
    const a = await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 3, offset: 0 } });
    const b = await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 3, offset: 3 } });
    const ids = [...a.body, ...b.body].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(6);
  });

  it.each([
    ['featured default is 8', () => callRoute(recipes, 'GET', '/api/recipes/featured'), 8],
    ['featured limit', () => callRoute(recipes, 'GET', '/api/recipes/featured', { query: { limit: 3 } }), 3],
    [
      'limit 0 is clamped up to 1',
      () => callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 0 } }),
      1,
    ],
    [
      'a huge limit is clamped to 100',
      () => callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 999999 } }),
      100,
    ],
  ])('%s', async (_name, send, expected) => {
    const res = await send();
    expect(res.status).toBe(200);
    const total = Number(
      (
        await db()
          .selectFrom('recipes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(res.body.length).toBe(Math.min(expected, total));
  });

  it('featured recipes are ordered by rating', async () => {
    const res = await callRoute(recipes, 'GET', '/api/recipes/featured', { query: { limit: 8 } });
    const ratings = res.body.map((r: { rating: number }) => r.rating);
    expect([...ratings].sort((x, y) => y - x)).toEqual(ratings);
  });

  it('finds a recipe by id and by slug', async () => {
    const r = await anyRecipe();
    const byId = await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: r.id } });
    const bySlug = await callRoute(recipes, 'GET', '/api/recipes/slug/:slug', { params: { slug: r.slug } });
    expect(byId.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
    expect(byId.body.averageRating).toBe(byId.body.rating / 10);
  });

  const byId = (id: string | number) => () =>
    callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } });

  it.each([
    ['malformed id', byId('abc'), 400],
    ['id with trailing junk', byId('12abc'), 400],
    ['negative id', byId('-1'), 400],
    ['exponent id', byId('1e3'), 400],
    ['id beyond int range', byId('99999999999'), 400],
    ['unknown id', byId(2000000), 404],
    [
      'unknown slug',
      () => callRoute(recipes, 'GET', '/api/recipes/slug/:slug', { params: { slug: 'no-such-recipe' } }),
      404,
    ],
    [
      'malformed slug',
      () => callRoute(recipes, 'GET', '/api/recipes/slug/:slug', { params: { slug: 'Bad Slug!' } }),
      400,
    ],
    [
      'malformed limit',
      () => callRoute(recipes, 'GET', '/api/recipes', { query: { limit: unchecked('abc') } }),
      400,
    ],
    ['negative offset', () => callRoute(recipes, 'GET', '/api/recipes', { query: { offset: -4 } }), 400],
    ['search with nothing to search', () => callRoute(recipes, 'GET', '/api/recipes/search'), 400],
    [
      'search text too long',
      () => callRoute(recipes, 'GET', '/api/recipes/search', { query: { q: 'a'.repeat(101) } }),
      400,
    ],
    [
      'unknown category',
      () =>
        callRoute(recipes, 'GET', '/api/recipes/category/:category', {
          params: { category: 'no-such-category' },
        }),
      404,
    ],
    [
      'related of unknown recipe',
      () => callRoute(recipes, 'GET', '/api/recipes/related/:id', { params: { id: 2000000 } }),
      404,
    ],
    [
      'related with malformed id',
      () => callRoute(recipes, 'GET', '/api/recipes/related/:id', { params: { id: 'x' } }),
      400,
    ],
  ])('%s → %i JSON', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('rejects methods the route does not have with 405 JSON', async () => {
    // PATCH is no route of the table: the path is one it does not list for that method.
    const res = await callRoute(
      recipes,
      'PATCH',
      unchecked<PathOf<'PATCH'>>('/api/recipes/featured'),
      unchecked({}),
    );
    expect(res.status).toBe(405);
    expect(res.body.error).toMatch(/not allowed/);
  });

  it('lists a category (default 20) and accepts its name too', async () => {
    const bySlug = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category: 'desserts' },
    });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.length).toBeGreaterThan(0);
    expect(bySlug.body.length).toBeLessThanOrEqual(20);
    expect(bySlug.body.every((r: { category: string }) => r.category === 'desserts')).toBe(true);
    const byName = await callRoute(recipes, 'GET', '/api/recipes/category/:category', {
      params: { category: 'Desserts' },
      query: { limit: 2 },
    });
    expect(byName.body).toHaveLength(2);
  });

  it('returns related recipes with exactly the related-card fields, never the recipe itself', async () => {
    const r = await anyRecipe();
    const res = await callRoute(recipes, 'GET', '/api/recipes/related/:id', { params: { id: r.id } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual([
        'category',
        'cookTime',
        'id',
        'image',
        'prepTime',
        'rating',
        'servings',
        'slug',
        'title',
      ]);
      expect(item.id).not.toBe(r.id);
    }
    expect(res.body[0]!.category).toBe(r.category);
  });

  describe('search', () => {
    it.each([
      ['a title word', 'chicken', /chicken/i],
      ['a one-letter typo', 'chiken', /chicken/i],
      ['a prefix while typing', 'chick', /chicken/i],
      ['an ingredient', 'mascarpone', /.*/],
      ['a cuisine', 'mexican', /.*/],
      ['a dropped letter', 'choclate', /chocolate/i],
    ])('finds %s (%s)', async (_name, q, titlePattern) => {
      const res = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q } });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      // Results are card fields (no ingredients): the match shows in the title, description or tags.
      const top = res.body[0]!;
      expect(`${top.title} ${top.description} ${top.tags.join(' ')} ${top.cuisine}`).toMatch(titlePattern);
    });

    it('ranks title matches above ingredient-only matches', async () => {
      const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
        query: { q: 'chicken', limit: 50 },
      });
      const titles: string[] = res.body.map((r: { title: string }) => r.title);
      const firstNonTitle = titles.findIndex((t) => !/chicken/i.test(t));
      const lastTitle = titles.map((t) => /chicken/i.test(t)).lastIndexOf(true);
      if (firstNonTitle !== -1) expect(lastTitle).toBeLessThan(firstNonTitle);
    });

    it('filters by category and cuisine', async () => {
      const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
        query: { q: '', category: 'desserts', limit: 50 },
      });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((r: { category: string }) => r.category === 'desserts')).toBe(true);
      const cuisine = res.body[0]!.cuisine;
      const byCuisine = await callRoute(recipes, 'GET', '/api/recipes/search', {
        query: { cuisine: cuisine.toLowerCase() },
      });
      expect(byCuisine.body.length).toBeGreaterThan(0);
      expect(byCuisine.body.every((r: { cuisine: string }) => r.cuisine === cuisine)).toBe(true);
    });

    it('returns an empty list for nonsense, and treats SQL and tsquery syntax as text', async () => {
      for (const q of ['zzqqxxyy', 'qxzvjwk zzqqxxyy']) {
        const res = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual([]);
      }
      for (const q of ["'; DROP TABLE recipes; --", 'a & | ! ( ) :*']) {
        const res = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q } });
        expect(res.status).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
      }
      // A NUL is dropped, not passed to the database: the same answer as without it.
      const pasta = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q: 'pasta' } });
      const withNul = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q: 'pasta\u0000' } });
      expect(withNul.status).toBe(200);
      expect(pasta.body.length).toBeGreaterThan(0);
      expect(withNul.body).toEqual(pasta.body);
      // Only a NUL: nothing left to search for, a clear 400 rather than a database error.
      const nul = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q: '\u0000' } });
      expect(nul.status).toBe(400);
      const count = await db()
        .selectFrom('recipes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(0);
    });

    it('answers with card fields only (no ingredients, steps or FAQs)', async () => {
      const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
        query: { q: 'chicken', limit: 5 },
      });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      const fields = Object.keys(RecipeSummarySchema.entries).sort();
      for (const r of res.body) expect(Object.keys(r).sort()).toEqual(fields);
    });

    it('respects limit', async () => {
      const all = await callRoute(recipes, 'GET', '/api/recipes/search', { query: { q: 'chicken' } });
      expect(all.body.length).toBeGreaterThan(2);
      const res = await callRoute(recipes, 'GET', '/api/recipes/search', {
        query: { q: 'chicken', limit: 2 },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(all.body.slice(0, 2));
    });
  });
});
