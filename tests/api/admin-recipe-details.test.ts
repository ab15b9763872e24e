// A recipe's step ingredients and diets as the admin saves them.
import { describe, expect, it } from 'vitest';
import recipes from '../../functions/recipes.ts';
import { DIET_RULES_VERSION } from '../../src/lib/diets.ts';
import { refreshRecipeDiets } from '../../db/queries/recipe-diets.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAdminRecipesSuite } from '../helpers/admin-recipes-suite.ts';

describe.skipIf(!databaseAvailable)(`recipe writes on ${engine}`, () => {
  const { db, admin } = useAdminRecipesSuite();

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
