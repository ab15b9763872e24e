import { describe, expect, it } from 'vitest';
import categories from '../../functions/categories.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`categories API on ${engine}`, () => {
  useTestDatabase();

  it('lists every category with its recipe count', async () => {
    const res = await callRoute(categories, 'GET', '/api/categories');
    expect(res.status).toBe(200);
    const slugs = res.body.map((c) => c.slug);
    for (const required of ['appetizers', 'main-course', 'desserts', 'breakfast', 'healthy'])
      expect(slugs).toContain(required);
    for (const c of res.body) {
      expect(Object.keys(c).sort()).toEqual(['description', 'id', 'image', 'name', 'recipeCount', 'slug']);
      expect(typeof c.recipeCount).toBe('number');
    }
  });

  it.each([
    ['a known slug', 'desserts', 200],
    ['an unknown slug', 'no-such-thing', 404],
    ['a malformed slug', 'Not A Slug', 400],
  ])('%s (%s) → %i', async (_name, slug, status) => {
    const res = await callRoute(categories, 'GET', '/api/categories/:slug', { params: { slug } });
    expect(res.status).toBe(status);
    if (status !== 200) expect(typeof res.body.error).toBe('string');
  });
});
