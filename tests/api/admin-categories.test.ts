import { describe, expect, it } from 'vitest';
import categories from '../../functions/categories.ts';
import recipes from '../../functions/recipes.ts';
import { expectAdminOnly, useAdminSuite, type AdminRequest } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Category writes: {name, description}, slug from the name, 409 on a taken
// slug, and the admin's sentence for deleting a category that still has recipes.

describe.skipIf(!databaseAvailable)(`category writes on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const rows = () => db().selectFrom('categories').selectAll().orderBy('id').execute();

  it('creates one from {name, description} with a slug from the name', async () => {
    const res = await callRoute(categories, 'POST', '/api/categories', {
      headers: { cookie: admin.cookie },
      body: { name: 'Street Food', description: 'Eaten standing up.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Street Food',
      slug: 'street-food',
      description: 'Eaten standing up.',
      recipeCount: 0,
    });
    const list = await callRoute(categories, 'GET', '/api/categories');
    expect(list.body.map((c: { slug: string }) => c.slug)).toContain('street-food');
  });

  it('refuses a taken slug with 409 naming it, nothing changed', async () => {
    const before = await rows();
    const res = await callRoute(categories, 'POST', '/api/categories', {
      headers: { cookie: admin.cookie },
      body: { name: 'Desserts' },
    });
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
    const res = await callRoute(categories, 'POST', '/api/categories', {
      headers: { cookie: admin.cookie },
      body: unchecked(body),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await rows()).toEqual(before);
  });

  it('updates name and description, keeps the slug unless asked, moves recipes with a new slug', async () => {
    const made = await callRoute(categories, 'POST', '/api/categories', {
      headers: { cookie: admin.cookie },
      body: { name: 'Picnic' },
    });
    const id = made.body.id;
    const recipe = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Picnic Pie', category: 'picnic' }),
    });
    const renamed = await callRoute(categories, 'PUT', '/api/categories/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: { name: 'Picnics', description: 'Outdoors.' },
    });
    expect(renamed.body).toMatchObject({
      id,
      name: 'Picnics',
      slug: 'picnic',
      description: 'Outdoors.',
      recipeCount: 1,
    });
    const moved = await callRoute(categories, 'PUT', '/api/categories/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: { name: 'Picnics', slug: 'picnics' },
    });
    expect(moved.body.slug).toBe('picnics');
    expect(
      (await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: recipe.body.id } })).body.category,
    ).toBe('picnics');
    const clash = await callRoute(categories, 'PUT', '/api/categories/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: { name: 'Picnics', slug: 'desserts' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain('"desserts"');
    expect(
      (
        await callRoute(categories, 'PUT', '/api/categories/:id', {
          params: { id: 999999 },
          headers: { cookie: admin.cookie },
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses to delete a category with recipes: 409 and 'It may have associated recipes'", async () => {
    const desserts = (await rows()).find((c) => c.slug === 'desserts')!;
    const res = await callRoute(categories, 'DELETE', '/api/categories/:id', {
      params: { id: desserts.id },
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Failed to delete category. It may have associated recipes.');
    expect((await rows()).some((c) => c.slug === 'desserts')).toBe(true);
  });

  it('deletes an empty category into the trash', async () => {
    const made = await callRoute(categories, 'POST', '/api/categories', {
      headers: { cookie: admin.cookie },
      body: { name: 'Brief Fad' },
    });
    const res = await callRoute(categories, 'DELETE', '/api/categories/:id', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deleted: true,
      id: made.body.id,
      trash: { entity: 'category', title: 'Brief Fad' },
    });
    expect(
      (await callRoute(categories, 'GET', '/api/categories/:slug', { params: { slug: 'brief-fad' } })).status,
    ).toBe(404);
  });

  const hacked = { name: 'Hacked' };
  it.each<[string, AdminRequest]>([
    [
      'POST /api/categories',
      (headers) => callRoute(categories, 'POST', '/api/categories', { headers, body: hacked }),
    ],
    [
      'PUT /api/categories/1',
      (headers) =>
        callRoute(categories, 'PUT', '/api/categories/:id', { params: { id: 1 }, headers, body: hacked }),
    ],
    [
      'DELETE /api/categories/1',
      (headers) => callRoute(categories, 'DELETE', '/api/categories/:id', { params: { id: 1 }, headers }),
    ],
  ])('%s: anonymous 401, cook 403, nothing changed', async (_route, send) => {
    const before = await rows();
    await expectAdminOnly(cook, send);
    expect(await rows()).toEqual(before);
  });
});
