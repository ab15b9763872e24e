import { describe, expect, it } from 'vitest';
import categories from '../../functions/categories.ts';
import recipes from '../../functions/recipes.ts';
import { as } from '../helpers/accounts.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Category writes: {name, description}, slug from the name, 409 on a taken
// slug, and the admin's sentence for deleting a category that still has recipes.

describe.skipIf(!databaseAvailable)(`category writes on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const rows = () => db().selectFrom('categories').selectAll().orderBy('id').execute();

  it('creates one from {name, description} with a slug from the name', async () => {
    const res = await call(
      categories,
      '/api/categories',
      as(admin, { method: 'POST', json: { name: 'Street Food', description: 'Eaten standing up.' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Street Food',
      slug: 'street-food',
      description: 'Eaten standing up.',
      recipeCount: 0,
    });
    const list = await call(categories, '/api/categories');
    expect(list.body.map((c: { slug: string }) => c.slug)).toContain('street-food');
  });

  it('refuses a taken slug with 409 naming it, nothing changed', async () => {
    const before = await rows();
    const res = await call(
      categories,
      '/api/categories',
      as(admin, { method: 'POST', json: { name: 'Desserts' } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('"desserts"');
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['no name', { description: 'x' }, 'name', 'Category name is required'],
    ['an empty name', { name: '   ' }, 'name', 'Category name is required'],
    ['a name that is not text', { name: 12 }, 'name', 'Category name is required'],
    ['a bad slug', { name: 'Ok', slug: 'Not Ok' }, 'slug', 'Must be a slug like "main-course"'],
  ])('refuses %s with 400 and the form message', async (_name, body, path, message) => {
    const before = await rows();
    const res = await call(categories, '/api/categories', as(admin, { method: 'POST', json: body }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await rows()).toEqual(before);
  });

  it('updates name and description, keeps the slug unless asked, moves recipes with a new slug', async () => {
    const made = await call(
      categories,
      '/api/categories',
      as(admin, { method: 'POST', json: { name: 'Picnic' } }),
    );
    const id = made.body.id;
    const recipe = await call(
      recipes,
      '/api/recipes',
      as(admin, { method: 'POST', json: validRecipeInput({ title: 'Picnic Pie', category: 'picnic' }) }),
    );
    const renamed = await call(
      categories,
      `/api/categories/${id}`,
      as(admin, { method: 'PUT', json: { name: 'Picnics', description: 'Outdoors.' } }),
    );
    expect(renamed.body).toMatchObject({
      id,
      name: 'Picnics',
      slug: 'picnic',
      description: 'Outdoors.',
      recipeCount: 1,
    });
    const moved = await call(
      categories,
      `/api/categories/${id}`,
      as(admin, { method: 'PUT', json: { name: 'Picnics', slug: 'picnics' } }),
    );
    expect(moved.body.slug).toBe('picnics');
    expect((await call(recipes, `/api/recipes/${recipe.body.id}`)).body.category).toBe('picnics');
    const clash = await call(
      categories,
      `/api/categories/${id}`,
      as(admin, { method: 'PUT', json: { name: 'Picnics', slug: 'desserts' } }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain('"desserts"');
    expect(
      (await call(categories, '/api/categories/999999', as(admin, { method: 'PUT', json: { name: 'x' } })))
        .status,
    ).toBe(404);
  });

  it("refuses to delete a category with recipes: 409 and 'It may have associated recipes'", async () => {
    const desserts = (await rows()).find((c) => c.slug === 'desserts')!;
    const res = await call(categories, `/api/categories/${desserts.id}`, as(admin, { method: 'DELETE' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Failed to delete category. It may have associated recipes.');
    expect((await rows()).some((c) => c.slug === 'desserts')).toBe(true);
  });

  it('deletes an empty category into the trash', async () => {
    const made = await call(
      categories,
      '/api/categories',
      as(admin, { method: 'POST', json: { name: 'Brief Fad' } }),
    );
    const res = await call(categories, `/api/categories/${made.body.id}`, as(admin, { method: 'DELETE' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deleted: true,
      id: made.body.id,
      trash: { entity: 'category', title: 'Brief Fad' },
    });
    expect((await call(categories, '/api/categories/brief-fad')).status).toBe(404);
  });

  it.each([
    ['POST', '/api/categories'],
    ['PUT', '/api/categories/1'],
    ['DELETE', '/api/categories/1'],
  ])('%s %s: anonymous 401, cook 403, nothing changed', async (method, path) => {
    const before = await rows();
    expect((await call(categories, path, { method, json: { name: 'Hacked' } })).status).toBe(401);
    expect((await call(categories, path, as(cook, { method, json: { name: 'Hacked' } }))).status).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
