import { describe, expect, it } from 'vitest';
import { draftFromRecipe } from '../../src/islands/admin/recipes/recipe-draft.ts';
import { validateDraft } from '../../src/islands/admin/recipes/recipe-validation.ts';
import { GeneratedRecipeSchema } from '../../src/lib/schemas/generated-content.ts';
import { fakeRecipe } from '../helpers/fake-openai.ts';
import { fieldErrors } from '../../src/lib/schemas/issues.ts';
import { type Recipe, RecipeContentSchema, RecipeInputSchema } from '../../src/lib/schemas/recipe.ts';

// One set of recipe rules: the admin form, the admin API's schema, a seed file's schema and the
// generator's schema give the same verdict, in the same words on the same field, for the same
// recipe. Where one is stricter by design (a seed or a generated recipe is published content)
// the tables say so.

/** A recipe every one of them accepts, in the generator's shape (lines, all nutrition amounts). */
const GOOD = fakeRecipe({ title: 'Quick Pea Soup', category: 'soups' });
type Change = Partial<Record<keyof typeof GOOD, unknown>>;

/** The recipe as the API serves it (the fields the form reads), so the form reads it into a draft. */
const served = (recipe: Record<string, unknown>) =>
  // Bad values on purpose: the form reads whatever a stored recipe holds.
  ({
    ...recipe,
    image: null,
    noCooking: recipe.cookTime === 0,
    stepIngredients: null,
    dietsByHand: false,
  }) as unknown as Recipe;

const seedFile = (recipe: Record<string, unknown>) => ({
  ...recipe,
  createdAt: '2026-11-01T00:00:00.000Z',
  illustration: ['pot'],
});

/** Each side's inline errors: { field: sentence }, {} when it accepts the recipe. */
const verdicts = {
  form: (recipe: Record<string, unknown>) => validateDraft(draftFromRecipe(served(recipe))),
  api: (recipe: Record<string, unknown>) => fieldErrors(RecipeInputSchema, recipe) ?? {},
  seed: (recipe: Record<string, unknown>) => fieldErrors(RecipeContentSchema, seedFile(recipe)) ?? {},
  generator: (recipe: Record<string, unknown>) => fieldErrors(GeneratedRecipeSchema, recipe) ?? {},
};
type Side = keyof typeof verdicts;
const SIDES = Object.keys(verdicts) as Side[];

describe('the recipe rules every side shares', () => {
  it.each<[string, Change, string | null, string]>([
    ['a complete recipe', {}, null, ''],
    ['no title', { title: '' }, 'title', 'Title is required'],
    ['a title of blanks', { title: '   ' }, 'title', 'Title is required'],
    ['a title too long', { title: 'x'.repeat(201) }, 'title', 'At most 200 characters'],
    ['no description', { description: '' }, 'description', 'Description is required'],
    ['a description too long', { description: 'x'.repeat(601) }, 'description', 'At most 600 characters'],
    ['a category that is not a slug', { category: 'Main Course' }, 'category', 'Must be a category slug'],
    ['no cuisine', { cuisine: '' }, 'cuisine', 'Cuisine is required'],
    ['prep time 0', { prepTime: 0 }, 'prepTime', 'Prep time must be at least 1 minute'],
    ['servings 0', { servings: 0 }, 'servings', 'Servings must be at least 1'],
    [
      'calories 0',
      { calories: 0, nutrition: { ...GOOD.nutrition, calories: 0 } },
      'calories',
      'Calories must be at least 1',
    ],
    [
      'an unknown difficulty',
      { difficulty: 'Extreme' },
      'difficulty',
      'Difficulty must be Easy, Medium or Hard',
    ],
    ['no ingredients', { ingredients: [] }, 'ingredients', 'Add at least one ingredient'],
    ['no steps', { instructions: [] }, 'instructions', 'Add at least one instruction'],
    ['no tags', { tags: [] }, 'tags', 'Add at least one tag'],
    [
      'a protein amount that is not a number',
      { nutrition: { ...GOOD.nutrition, protein: 'lots' } },
      'nutrition.protein',
      'Must look like "12g"',
    ],
  ])('%s', (_name, change, field, message) => {
    const recipe = { ...GOOD, ...change };
    for (const side of SIDES) {
      const errors = verdicts[side](recipe);
      if (field === null) expect(errors, side).toEqual({});
      else {
        expect(errors[field], `${side}: ${JSON.stringify(errors)}`).toBe(message);
      }
    }
  });
});

describe('the rules of published content (seed files and generated recipes)', () => {
  // The form and the API take a recipe as the admin writes it; a seed file and a generated recipe
  // are published as they are, so they keep these too, in the same words.
  it.each<[string, Change, string, string]>([
    [
      'calories unlike nutrition.calories',
      { calories: 470 },
      'calories',
      'calories must equal nutrition.calories',
    ],
    [
      'calories far from 4·protein + 4·carbs + 9·fat',
      { calories: 900, nutrition: { ...GOOD.nutrition, calories: 900 } },
      'nutrition',
      'calories must be within 15 % of 4·protein + 4·carbs + 9·fat',
    ],
    [
      'a total time shorter than prep + cook',
      { totalTime: 30 },
      'totalTime',
      'totalTime must be at least prepTime + cookTime',
    ],
    ['a repeated tag', { tags: ['soup', 'Soup', 'quick'] }, 'tags', 'tags must not repeat'],
    ['two tags', { tags: ['soup', 'quick'] }, 'tags', 'At least 3 tags'],
    ['nine tags', { tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, 'tags', 'At most 8 tags'],
    ['one question', { faqs: GOOD.faqs.slice(0, 1) }, 'faqs', 'At least 2 questions'],
    ['no summary', { summary: '' }, 'summary', 'Summary is required'],
  ])('%s', (_name, change, field, message) => {
    const recipe = { ...GOOD, ...change };
    expect(verdicts.seed(recipe)).toEqual({ [field]: message });
    expect(verdicts.generator(recipe)).toEqual({ [field]: message });
    expect(verdicts.api(recipe)[field]).toBeUndefined();
    expect(verdicts.form(recipe)[field]).toBeUndefined();
  });
});

describe('where the generator is stricter than the form', () => {
  // The model is held to a plausible home recipe; a person may write a banquet.
  it.each<[string, Change, string, string]>([
    ['30 servings', { servings: 30 }, 'servings', 'At most 24'],
    ['a 12-hour prep', { prepTime: 720, totalTime: 800 }, 'prepTime', 'At most 600'],
    ['one step', { instructions: ['Simmer everything for 30 minutes.'] }, 'instructions', 'At least 2'],
  ])('%s', (_name, change, field, message) => {
    const recipe = { ...GOOD, ...change };
    expect(verdicts.generator(recipe)).toEqual({ [field]: message });
    for (const side of ['form', 'api', 'seed'] as const) expect(verdicts[side](recipe), side).toEqual({});
  });

  it('cook time 0: "no cooking" for the form and the API, fine in a seed file, refused from the model', () => {
    const recipe = { ...GOOD, cookTime: 0, totalTime: 15 };
    expect(verdicts.generator(recipe)).toEqual({ cookTime: 'Cook time must be at least 1 minute' });
    expect(verdicts.api(recipe)).toEqual({ cookTime: 'Cook time must be at least 1 minute' });
    expect(verdicts.api({ ...recipe, noCooking: true })).toEqual({});
    expect(verdicts.form(recipe)).toEqual({});
    expect(verdicts.seed(recipe)).toEqual({});
  });
});
