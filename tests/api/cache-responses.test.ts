// The API response cache's hits: the very responses the handlers make, tagged for the CDN, never errors.
import { describe, expect, it } from 'vitest';
import categories from '../../functions/categories.ts';
import recipes from '../../functions/recipes.ts';
import { invalidateForScope } from '../../functions/_shared/cache/invalidation.ts';
import { isCached, localStats } from '../../functions/_shared/cache/local-cache.ts';
import { recipeById } from '../../functions/_shared/services/recipe-reads.ts';
import { searchRecipes } from '../../functions/_shared/services/recipe-search.ts';
import { listCategories } from '../../functions/_shared/services/categories.ts';
import { callRoute, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useCacheSuite, raw, keyOf } from '../helpers/cache-suite.ts';

describe.skipIf(!databaseAvailable)(`API response cache on ${engine}`, () => {
  const { db, dessert, publicReads, handlerFor } = useCacheSuite();

  it('answers a hit with exactly the status, headers and body of the miss, from the cache', async () => {
    for (const [area, path] of publicReads()) {
      const before = localStats()[area];
      const miss = await raw(handlerFor(path), path);
      const hit = await raw(handlerFor(path), path);
      expect(miss.status, path).toBe(200);
      expect(hit, path).toEqual(miss);
      expect(isCached(area, keyOf(path)), path).toBe(true);
      const after = localStats()[area];
      expect([after.misses - before.misses, after.hits - before.hits], path).toEqual([1, 1]);
    }
  });

  it('answers exactly what the handler makes without a cache', async () => {
    const recipe = await raw(recipes, `/api/recipes/${dessert.id}`);
    const cached = await raw(recipes, `/api/recipes/${dessert.id}`);
    expect(cached.text).toBe(JSON.stringify(await recipeById(db(), dessert.id)));
    expect(recipe.text).toBe(cached.text);
    const search = '/api/recipes/search?q=lemon&limit=5';
    await raw(recipes, search);
    expect((await raw(recipes, search)).text).toBe(
      JSON.stringify(await searchRecipes(db(), { q: 'lemon', limit: 5 })),
    );
    await raw(categories, '/api/categories');
    expect((await raw(categories, '/api/categories')).text).toBe(JSON.stringify(await listCategories(db())));
  });

  it('tags each response with its area and what it shows, for the CDN', async () => {
    const tags = async (path: string) =>
      (await raw(handlerFor(path), path)).headers
        .find(([name]) => name === 'netlify-cache-tag')?.[1]
        .split(',');
    expect(await tags(`/api/recipes/${dessert.id}`)).toEqual([
      'recipes',
      `recipe-${dessert.id}`,
      'category-desserts',
    ]);
    expect(await tags('/api/recipes/category/desserts')).toEqual(['recipes', 'category-desserts']);
    expect((await tags('/api/recipes/featured'))?.[0]).toBe('featured');
    expect((await tags('/api/recipes/search?q=cake'))?.[0]).toBe('search');
    expect(await tags('/api/categories')).toContain('category-breakfast');
    expect(await tags('/api/categories/desserts')).toEqual(['categories', 'category-desserts']);
  });

  it('never stores errors', async () => {
    for (const path of ['/api/recipes/999999', '/api/recipes/search', '/api/recipes/slug/no-such-dish']) {
      const first = await raw(recipes, path);
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect(isCached(path.includes('search') ? 'search' : 'recipes', keyOf(path))).toBe(false);
    }
    expect(localStats().recipes.size + localStats().search.size).toBe(0);
  });

  it('serves from memory until a write invalidates, then reads the database again', async () => {
    const title = async () =>
      (await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: dessert.id } })).body.title;
    const original = await title();
    await db()
      .updateTable('recipes')
      .set({ title: 'Cache Probe Tart' })
      .where('id', '=', dessert.id)
      .execute();
    try {
      expect(await title()).toBe(original);
      await invalidateForScope({ reason: 'test', recipes: [dessert] }, { db: db() });
      expect(await title()).toBe('Cache Probe Tart');
    } finally {
      await db().updateTable('recipes').set({ title: original }).where('id', '=', dessert.id).execute();
      await invalidateForScope({ reason: 'test', recipes: [dessert] }, { db: db() });
    }
    expect(await title()).toBe(original);
  });
});
