// The setup the admin recipe API suites share: the guard accounts, a recipe count, the recipes
// these suites make (removed before each test so none depends on another's order), and two
// ways to make them through the API.
import { beforeEach, expect } from 'vitest';
import recipes from '../../functions/recipes.ts';
import { useAdminSuite } from './admin-session.ts';
import { validRecipeInput } from './recipe-input.ts';
import { callRoute, useTestDatabase } from './test-db.ts';

/** Registers the admin recipe suite's hooks; the accounts are filled in place in beforeAll. */
export function useAdminRecipesSuite() {
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

  return { db, cook, admin, count, createLemonPasta, createBrulees };
}
