// Recipe writes: the form's rules and messages, slugs from titles (-2, -3, 409 if taken), updates, deletes.
import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import { createRecipe } from '../../functions/_shared/services/recipe-writes.ts';
import { DEFAULT_RECIPE_IMAGE } from '../../src/lib/schemas/recipe.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAdminRecipesSuite } from '../helpers/admin-recipes-suite.ts';

describe.skipIf(!databaseAvailable)(`recipe writes on ${engine}`, () => {
  const { db, admin, count, createLemonPasta } = useAdminRecipesSuite();

  it('creates a recipe: slug from the title, default image, 201, readable at once', async () => {
    const res = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'test-kitchen-lemon-pasta',
      title: 'Test Kitchen Lemon Pasta',
      image: DEFAULT_RECIPE_IMAGE,
      totalTime: 25,
      rating: 0,
      reviewCount: 0,
    });
    const read = await callRoute(recipes, 'GET', '/api/recipes/slug/:slug', {
      params: { slug: res.body.slug },
    });
    expect(read.status).toBe(200);
    expect(read.body.ingredients).toHaveProperty(['Sauce', 1], {
      quantity: '2',
      item: 'lemons',
      note: 'zest and juice',
    });
    // It is in the list at once (the write cleared the cached list).
    const list = await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 5 } });
    expect(list.body.map((r: { id: number }) => r.id)).toContain(res.body.id);
  });

  it('gives a clashing title the next free suffix (-2, -3)', async () => {
    const title = 'Crème Brûlée, My Way!';
    const first = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title }),
    });
    const second = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title }),
    });
    const third = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title }),
    });
    expect([first.body.slug, second.body.slug, third.body.slug]).toEqual([
      'creme-brulee-my-way',
      'creme-brulee-my-way-2',
      'creme-brulee-my-way-3',
    ]);
  });

  it('the service gives the generator the same rules', async () => {
    const recipe = await createRecipe(
      db(),
      validRecipeInput({ title: 'Generated Soup', category: 'soups' }),
      {
        author: 'generator',
        publish: false,
      },
    );
    expect(recipe.slug).toBe('generated-soup');
    await expect(createRecipe(db(), { title: '' }, { publish: false })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses an asked-for slug that is taken with a 409 naming it', async () => {
    await createLemonPasta();
    const before = await count();
    const res = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ slug: 'test-kitchen-lemon-pasta' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('"test-kitchen-lemon-pasta"');
    expect(await count()).toBe(before);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: '' }, 'title', 'Title is required'],
    ['a missing title', { title: undefined }, 'title', 'Title is required'],
    ['no description', { description: '  ' }, 'description', 'Description is required'],
    ['an image that is not a URL', { image: 'not a url' }, 'image', 'Must be a valid URL'],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'image', 'Must be a valid URL'],
    ['prep time 0', { prepTime: 0 }, 'prepTime', 'Prep time must be at least 1 minute'],
    ['cook time 0 without "no cooking"', { cookTime: 0 }, 'cookTime', 'Cook time must be at least 1 minute'],
    ['servings 0', { servings: 0 }, 'servings', 'Servings must be at least 1'],
    ['calories 0', { calories: 0 }, 'calories', 'Calories must be at least 1'],
    ['servings as text', { servings: 'four' }, 'servings', 'Servings must be at least 1'],
    [
      'an unknown difficulty',
      { difficulty: 'Easyish' },
      'difficulty',
      'Difficulty must be Easy, Medium or Hard',
    ],
    ['no category', { category: '' }, 'category', 'Category is required'],
    [
      'an unknown category',
      { category: 'no-such-category' },
      'category',
      'Category "no-such-category" does not exist',
    ],
    ['no cuisine', { cuisine: '' }, 'cuisine', 'Cuisine is required'],
    ['no ingredients', { ingredients: [] }, 'ingredients', 'Add at least one ingredient'],
    ['no instructions', { instructions: [] }, 'instructions', 'Add at least one instruction'],
    ['no tags', { tags: [] }, 'tags', 'Add at least one tag'],
    [
      'nutrition without numeric calories',
      { nutrition: { calories: 'x', protein: '1g', carbs: '1g', fat: '1g' } },
      'nutrition.calories',
      'Calories must be a number',
    ],
    [
      'an asked-for slug that is not a slug',
      { slug: 'Not A Slug' },
      'slug',
      'Must be a slug like "lemon-chicken"',
    ],
  ];
  it.each(bad)(
    'refuses %s with 400, the form message and nothing changed',
    async (_name, change, path, message) => {
      const before = await count();
      const res = await callRoute(recipes, 'POST', '/api/recipes', {
        headers: { cookie: admin.cookie },
        body: validRecipeInput(unchecked(change)),
      });
      expect(res.status).toBe(400);
      expect(res.body.issues).toContainEqual({ path, message });
      expect(await count()).toBe(before);
    },
  );

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['a string', 'recipe'],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: unchecked(body),
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  it('accepts a known zero cook time with "no cooking"', async () => {
    const res = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Mango Lassi', cookTime: 0, noCooking: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body.cookTime).toBe(0);
  });

  it('updates: keeps the slug unless asked, changes it when asked, 409 on a taken one', async () => {
    await createLemonPasta();
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Plain Toast' }),
    });
    const id = made.body.id;
    const renamed = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Butter Toast' }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, title: 'Butter Toast', slug: 'plain-toast' });
    const moved = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Butter Toast', slug: 'butter-toast' }),
    });
    expect(moved.body.slug).toBe('butter-toast');
    const clash = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Other', slug: 'test-kitchen-lemon-pasta' }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain('"test-kitchen-lemon-pasta"');
    const bad = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: '' }),
    });
    expect(bad.status).toBe(400);
    const now = await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } });
    expect(now.body).toMatchObject({ title: 'Butter Toast', slug: 'butter-toast' });
    expect(
      (
        await callRoute(recipes, 'PUT', '/api/recipes/:id', {
          params: { id: 999999 },
          headers: { cookie: admin.cookie },
          body: validRecipeInput(),
        })
      ).status,
    ).toBe(404);
  });

  it('deletes into the trash: gone from reads at once, 404 the second time', async () => {
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Short Lived' }),
    });
    const res = await callRoute(recipes, 'DELETE', '/api/recipes/:id', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deleted: true,
      id: made.body.id,
      trash: { entity: 'recipe', title: 'Short Lived' },
    });
    expect(
      (await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: made.body.id } })).status,
    ).toBe(404);
    expect(
      (
        await callRoute(recipes, 'DELETE', '/api/recipes/:id', {
          params: { id: made.body.id },
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(404);
  });
});
