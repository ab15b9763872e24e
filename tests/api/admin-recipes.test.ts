import { beforeEach, describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import reviews from '../../functions/reviews.ts';
import { createRecipe } from '../../functions/_shared/services/recipe-writes.ts';
import { DEFAULT_RECIPE_IMAGE } from '../../src/lib/schemas/recipe.ts';
import { DIET_RULES_VERSION } from '../../src/lib/diets.ts';
import { refreshRecipeDiets } from '../../db/queries/recipe-diets.ts';
import { expectAdminOnly, useAdminSuite, type AdminRequest } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Recipe writes: the form's rules with its messages, slugs from
// titles with -2, -3 on a clash, 409 for an asked-for slug that is taken, nothing changed on a
// refusal, and the admin listing with search and paging.

describe.skipIf(!databaseAvailable)(`recipe writes on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('recipes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // The recipes these tests create, removed before each test so none depends on what another (run
  // before it in whatever order) created.
  const madeHere = [
    'test-kitchen-lemon-pasta',
    'creme-brulee-my-way',
    'creme-brulee-my-way-2',
    'creme-brulee-my-way-3',
    'generated-soup',
    'mango-lassi',
    'plain-toast',
    'butter-toast',
    'short-lived',
  ];
  beforeEach(async () => {
    const ids = (await db().selectFrom('recipes').select('id').where('slug', 'in', madeHere).execute()).map(
      (r) => r.id,
    );
    if (ids.length === 0) return;
    await db().deleteFrom('reviews').where('recipe_id', 'in', ids).execute();
    await db().deleteFrom('recipes').where('id', 'in', ids).execute();
  });
  /** The 'test-kitchen-lemon-pasta' recipe, made through the API. */
  const createLemonPasta = async () =>
    expect(
      (
        await callRoute(recipes, 'POST', '/api/recipes', {
          headers: { cookie: admin.cookie },
          body: validRecipeInput(),
        })
      ).status,
    ).toBe(201);
  /** The three 'Crème Brûlée, My Way!' recipes. */
  const createBrulees = async () => {
    for (let i = 0; i < 3; i++) {
      const res = await callRoute(recipes, 'POST', '/api/recipes', {
        headers: { cookie: admin.cookie },
        body: validRecipeInput({ title: 'Crème Brûlée, My Way!' }),
      });
      expect(res.status).toBe(201);
    }
  };

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

  it('lists for the admin table with search, order, paging and the total', async () => {
    await createBrulees();
    const all = await callRoute(recipes, 'GET', '/api/recipes', { query: { q: 'my way', limit: 2 } });
    expect(all.status).toBe(200);
    expect(all.headers.get('X-Total-Count')).toBe('3');
    expect(all.body).toHaveLength(2);
    const next = await callRoute(recipes, 'GET', '/api/recipes', {
      query: { q: 'my way', limit: 2, offset: 2 },
    });
    expect(next.body).toHaveLength(1);
    const byTitle = await callRoute(recipes, 'GET', '/api/recipes', { query: { sort: 'title', limit: 100 } });
    const titles = byTitle.body.map((r: { title: string }) => r.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      (await callRoute(recipes, 'GET', '/api/recipes', { query: { sort: unchecked('sideways') } })).status,
    ).toBe(400);
    const none = await callRoute(recipes, 'GET', '/api/recipes', { query: { q: '%%nothing%' } });
    expect(none.body).toEqual([]);
    expect(none.headers.get('X-Total-Count')).toBe('0');
  });

  it('a new review shows in the cached recipe lists at once (the list kept the old rating)', async () => {
    const first = (await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 1 } })).body[0]!;
    await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 1 } }); // now served from the cache
    const featured = async () =>
      (await callRoute(recipes, 'GET', '/api/recipes/featured', { query: { limit: 200 } })).body.find(
        (r: { id: number }) => r.id === first.id,
      );
    const before = await featured();
    const res = await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
      params: { id: first.id },
      headers: { cookie: cook.cookie },
      body: { rating: 1, comment: 'Not for me.' },
    });
    expect(res.status).toBe(201);
    const after = (await callRoute(recipes, 'GET', '/api/recipes', { query: { limit: 1 } })).body[0]!;
    expect(after.id).toBe(first.id);
    expect(after.reviewCount).toBe(first.reviewCount + 1);
    expect(after.rating).not.toBe(first.rating);
    expect((await featured())?.reviewCount).toBe((before?.reviewCount ?? first.reviewCount) + 1);
  });

  it.each<[string, AdminRequest]>([
    [
      'POST /api/recipes',
      (headers) => callRoute(recipes, 'POST', '/api/recipes', { headers, body: validRecipeInput() }),
    ],
    [
      'PUT /api/recipes/1',
      (headers) =>
        callRoute(recipes, 'PUT', '/api/recipes/:id', {
          params: { id: 1 },
          headers,
          body: validRecipeInput(),
        }),
    ],
    [
      'DELETE /api/recipes/1',
      (headers) => callRoute(recipes, 'DELETE', '/api/recipes/:id', { params: { id: 1 }, headers }),
    ],
  ])('%s: anonymous 401, a cook 403, nothing changed', async (_route, send) => {
    const before = await count();
    await expectAdminOnly(cook, send);
    expect(await count()).toBe(before);
    expect((await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id: 1 } })).status).toBe(200);
  });
  it('stores the step ingredients the admin set, refuses ones that do not fit, and clears them', async () => {
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Short Lived' }),
    });
    expect(made.status).toBe(201);
    expect(made.body.stepIngredients).toBeNull();
    const id = made.body.id;
    const set = [[{ ingredient: 0, portion: 1 }], [{ ingredient: 2, portion: 0.5 }], [], []];
    const saved = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Short Lived', stepIngredients: set }),
    });
    expect(saved.status).toBe(200);
    expect(
      (await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } })).body.stepIngredients,
    ).toEqual(set);

    const misfits: [name: string, value: unknown, message: RegExp][] = [
      ['a line the recipe lacks', [[{ ingredient: 6, portion: 1 }]], /ingredient lines/],
      ['more lists than steps', [[], [], [], [], []], /steps/],
      ['a share above all of it', [[{ ingredient: 0, portion: 2 }]], /at most 1/],
      ['a share of nothing', [[{ ingredient: 0, portion: 0 }]], /more than 0/],
      ['not a list per step', { 0: [] }, /list per step/],
    ];
    for (const [name, value, message] of misfits) {
      const refused = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
        params: { id },
        headers: { cookie: admin.cookie },
        body: { ...validRecipeInput({ title: 'Short Lived' }), stepIngredients: value } as never,
      });
      expect(refused.status, name).toBe(400);
      expect(JSON.stringify(refused.body.issues), name).toMatch(message);
      expect(
        (await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } })).body.stepIngredients,
        name,
      ).toEqual(set);
    }

    const cleared = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Short Lived', stepIngredients: null }),
    });
    expect(cleared.body.stepIngredients).toBeNull();
  });
  it('reads diets from the ingredients as it saves, keeps diets set by hand, and re-reads stale ones', async () => {
    // The lemon pasta has spaghetti (gluten) and butter and parmesan (dairy, rennet): no diet.
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({
        title: 'Short Lived',
        ingredients: ['1 kg ripe tomatoes', '2 tbsp olive oil', '1 tsp salt'],
      }),
    });
    expect(made.body).toMatchObject({
      diets: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
      dietsByHand: false,
    });
    const id = made.body.id;

    // Sent back as read: still automatic, so a changed ingredient list is read again.
    const withButter = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      // The record as read, sent back (its answer type is wider than the form's input type).
      body: unchecked({ ...made.body, ingredients: ['1 kg ripe tomatoes', '30 g butter'] }),
    });
    expect(withButter.body).toMatchObject({ diets: ['vegetarian', 'gluten-free'], dietsByHand: false });

    const byHand = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Short Lived', diets: ['vegetarian'], dietsByHand: true }),
    });
    expect(byHand.body).toMatchObject({ diets: ['vegetarian'], dietsByHand: true });

    const refused = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: unchecked({ ...validRecipeInput({ title: 'Short Lived' }), diets: ['paleo'], dietsByHand: true }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.issues)).toContain('A diet must be one of');

    // A rule change (an older version in diet_rules) is re-read; diets set by hand are kept.
    await db().updateTable('recipes').set({ diet_rules: 0 }).execute();
    await db().updateTable('recipes').set({ diets: [] }).where('diets_by_hand', '=', false).execute();
    expect(await refreshRecipeDiets(db())).toBeGreaterThan(0);
    expect((await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } })).body).toMatchObject({
      diets: ['vegetarian'],
    });
    const gazpacho = await db()
      .selectFrom('recipes')
      .select(['diets', 'diet_rules'])
      .where('slug', '=', 'andalusian-gazpacho')
      .executeTakeFirst();
    if (gazpacho)
      expect(gazpacho).toEqual({
        diets: ['vegetarian', 'vegan', 'dairy-free'],
        diet_rules: DIET_RULES_VERSION,
      });
  });
});
