import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { calorieEntryFromRow, calorieEntryToRow } from '../../db/mappers/calorie-entry.ts';
import { recipeFromRow, recipeToRow } from '../../db/mappers/recipe.ts';
import { reviewFromRow } from '../../db/mappers/review.ts';
import { shoppingItemFromRow, shoppingItemToRow } from '../../db/mappers/shopping-item.ts';
import { publicUser, userRecordFromRow } from '../../db/mappers/user.ts';
import type { RecipeRow } from '../../db/schema.ts';
import { readRecipeFile, recipeFiles } from '../../db/seed.ts';
import { CalorieEntrySchema } from '../../src/lib/schemas/calorie-entry.ts';
import {
  RecipeSchema,
  type Recipe,
  type RecipeInputValues,
  relatedOf,
  RelatedRecipeSchema,
  summaryOf,
  RecipeSummarySchema,
} from '../../src/lib/schemas/recipe.ts';
import { ReviewSchema } from '../../src/lib/schemas/review.ts';
import { ShoppingItemSchema } from '../../src/lib/schemas/shopping-item.ts';
import { ROOT } from '../helpers/paths.ts';

// db/mappers/: the one place rows become public shapes and inputs become rows. Every output is
// also checked against its public schema, so the schema describes what the API really sends.

const created = new Date('2026-03-01T12:00:00.000Z');
const updated = new Date('2026-03-02T08:30:00.000Z');

const baseRow: RecipeRow = {
  id: 7,
  slug: 'lemon-chicken',
  title: 'Lemon Chicken',
  description: 'Bright and quick.',
  summary: null,
  image: null,
  category: 'main-course',
  cuisine: 'Greek',
  prep_time: 10,
  cook_time: 25,
  total_time: 35,
  servings: 4,
  difficulty: 'Easy',
  calories: 420,
  nutrition: { calories: 420, protein: '38g', carbs: '6g', fat: '26g' },
  ingredients: ['2 chicken breasts', { quantity: 1, item: 'lemon' }],
  instructions: ['Season.', { step: 2, instruction: 'Roast.' }],
  tags: ['chicken', 'quick'],
  faqs: [{ question: 'Thighs?', answer: 'Yes.' }],
  video_url: null,
  video_thumbnail: null,
  video_duration: null,
  step_ingredients: null,
  diets: ['gluten-free', 'dairy-free'],
  diets_by_hand: false,
  diet_rules: 1,
  rating: 45,
  review_count: 2,
  created_at: created,
  updated_at: updated,
};

describe('recipeFromRow', () => {
  const cases: { name: string; row: Partial<RecipeRow>; expected: Partial<Recipe> }[] = [
    {
      name: 'renames columns and derives the star rating',
      row: {},
      expected: {
        prepTime: 10,
        cookTime: 25,
        totalTime: 35,
        reviewCount: 2,
        rating: 45,
        averageRating: 4.5,
        createdAt: '2026-03-01T12:00:00.000Z',
        updatedAt: '2026-03-02T08:30:00.000Z',
      },
    },
    {
      name: 'parses ingredients and instructions stored as a JSON string',
      row: { ingredients: '{"For the sauce":["1 cup yogurt"]}', instructions: '["Mix.","Serve."]' },
      expected: { ingredients: { 'For the sauce': ['1 cup yogurt'] }, instructions: ['Mix.', 'Serve.'] },
    },
    {
      name: 'reads unparsable JSON text as empty lists',
      row: { ingredients: '[not json', instructions: '{' },
      expected: { ingredients: [], instructions: [] },
    },
    {
      name: 'keeps nullable columns null',
      row: {},
      expected: { summary: null, image: null, videoUrl: null, videoThumbnail: null, videoDuration: null },
    },
    {
      name: 'passes the video fields through',
      row: { video_url: 'https://v.example/1', video_thumbnail: '/t.webp', video_duration: 90 },
      expected: { videoUrl: 'https://v.example/1', videoThumbnail: '/t.webp', videoDuration: 90 },
    },
    {
      name: 'reads timestamps that arrive as text',
      row: { created_at: '2026-01-05 10:00:00+00' as unknown as Date, rating: 0 },
      expected: { createdAt: '2026-01-05T10:00:00.000Z', averageRating: 0 },
    },
  ];

  it.each(cases)('$name', ({ row, expected }) => {
    const recipe = recipeFromRow({ ...baseRow, ...row });
    expect(recipe).toMatchObject(expected);
    expect(v.safeParse(RecipeSchema, recipe).issues).toBeUndefined();
  });

  it('summaryOf and relatedOf keep exactly their schema fields', () => {
    const recipe = recipeFromRow(baseRow);
    expect(Object.keys(summaryOf(recipe)).sort()).toEqual(Object.keys(RecipeSummarySchema.entries).sort());
    expect(Object.keys(relatedOf(recipe)).sort()).toEqual(Object.keys(RelatedRecipeSchema.entries).sort());
  });
});

const minimalInput: RecipeInputValues = {
  title: 'Toast',
  description: 'Bread, toasted.',
  category: 'breakfast',
  cuisine: 'British',
  prepTime: 1,
  cookTime: 3,
  servings: 1,
  difficulty: 'Easy',
  calories: 80,
  nutrition: { calories: 80, protein: '3g', carbs: '15g', fat: '1g' },
  ingredients: ['1 slice bread'],
  instructions: ['Toast it.'],
  tags: ['bread'],
};

describe('recipeToRow', () => {
  const cases: {
    name: string;
    input: RecipeInputValues;
    createdAt?: string;
    expected: Record<string, unknown>;
    absent?: string[];
  }[] = [
    {
      name: 'fills what the input may leave out',
      input: minimalInput,
      expected: {
        slug: 'toast',
        summary: null,
        image: null,
        total_time: 4,
        faqs: '[]',
        video_url: null,
        video_thumbnail: null,
        video_duration: null,
      },
      absent: ['created_at', 'updated_at', 'rating', 'review_count'],
    },
    {
      name: 'writes the JSON columns as JSON text',
      input: minimalInput,
      expected: {
        nutrition: JSON.stringify(minimalInput.nutrition),
        ingredients: '["1 slice bread"]',
        instructions: '["Toast it."]',
        tags: ['bread'],
      },
    },
    {
      name: 'keeps a stated total time and the optional fields',
      input: {
        ...minimalInput,
        totalTime: 10,
        summary: 'Crisp.',
        image: '/images/recipes/toast.webp',
        faqs: [{ question: 'Butter?', answer: 'Always.' }],
        videoUrl: 'https://v.example/toast',
        videoThumbnail: '/t.webp',
        videoDuration: 30,
      },
      expected: {
        total_time: 10,
        summary: 'Crisp.',
        image: '/images/recipes/toast.webp',
        faqs: '[{"question":"Butter?","answer":"Always."}]',
        video_url: 'https://v.example/toast',
        video_thumbnail: '/t.webp',
        video_duration: 30,
      },
    },
    {
      name: 'dates both timestamps with a publication date',
      input: minimalInput,
      createdAt: '2025-12-24T09:00:00.000Z',
      expected: { created_at: '2025-12-24T09:00:00.000Z', updated_at: '2025-12-24T09:00:00.000Z' },
    },
  ];

  it.each(cases)('$name', ({ input, createdAt, expected, absent = [] }) => {
    const row = recipeToRow(input, { slug: 'toast', createdAt });
    expect(row).toMatchObject(expected);
    for (const key of absent) expect(row).not.toHaveProperty(key);
  });

  // What the seed writes and the API reads back: every content file survives the round trip.
  const files = recipeFiles(path.join(ROOT, 'content'));
  it.each(files.map((file) => [path.basename(file, '.json'), file]))(
    '%s: input → row → Recipe keeps every field',
    (slug, file) => {
      const content = readRecipeFile(file);
      const row = recipeToRow(content, { slug, createdAt: content.createdAt });
      const stored: RecipeRow = {
        ...row,
        id: 1,
        summary: row.summary ?? null,
        image: row.image ?? null,
        video_url: row.video_url ?? null,
        video_thumbnail: row.video_thumbnail ?? null,
        video_duration: row.video_duration ?? null,
        step_ingredients: row.step_ingredients ? JSON.parse(String(row.step_ingredients)) : null,
        diets: row.diets ?? [],
        diets_by_hand: row.diets_by_hand ?? false,
        diet_rules: row.diet_rules ?? 0,
        nutrition: JSON.parse(String(row.nutrition)),
        ingredients: JSON.parse(String(row.ingredients)),
        instructions: JSON.parse(String(row.instructions)),
        faqs: JSON.parse(String(row.faqs)),
        rating: 0,
        review_count: 0,
        created_at: new Date(content.createdAt),
        updated_at: new Date(content.createdAt),
      };
      const recipe = v.parse(RecipeSchema, recipeFromRow(stored));
      const { illustration: _drawn, ...fields } = content;
      expect(recipe).toMatchObject({ ...fields, createdAt: new Date(content.createdAt).toISOString() });
    },
  );
});

describe('calorie entries', () => {
  const row = {
    id: 3,
    date: '2026-04-01',
    recipe_id: 7,
    recipe_name: 'Lemon Chicken',
    calories: 630,
    meal_type: 'dinner' as const,
    created_at: created,
  };
  it.each([
    { name: 'numeric text from the driver', servings: '1.500', expected: 1.5 },
    { name: 'a number', servings: 2, expected: 2 },
  ])('calorieEntryFromRow reads servings as $name', ({ servings, expected }) => {
    const entry = calorieEntryFromRow({ ...row, servings });
    expect(entry).toEqual({
      id: 3,
      date: '2026-04-01',
      recipeId: 7,
      recipeName: 'Lemon Chicken',
      servings: expected,
      calories: 630,
      mealType: 'dinner',
      createdAt: '2026-03-01T12:00:00.000Z',
    });
    expect(v.safeParse(CalorieEntrySchema, entry).issues).toBeUndefined();
  });

  it.each([
    { servings: 1, calories: 420 },
    { servings: 1.5, calories: 630 },
    { servings: 0.5, calories: 210 },
    { servings: 2.5, calories: 1050 },
  ])('calorieEntryToRow computes $servings servings as $calories kcal', ({ servings, calories }) => {
    const values = { date: '2026-04-01', recipeId: 7, servings, mealType: 'lunch' as const };
    expect(
      calorieEntryToRow(values, { userId: 9, recipe: { title: 'Lemon Chicken', calories: 420 } }),
    ).toEqual({
      user_id: 9,
      date: '2026-04-01',
      recipe_id: 7,
      recipe_name: 'Lemon Chicken',
      servings,
      calories,
      meal_type: 'lunch',
    });
  });
});

describe('shopping items', () => {
  it.each([
    { name: 'numeric text', amount: '1.250', expected: 1.25 },
    { name: 'no amount', amount: null, expected: null },
  ])('shoppingItemFromRow reads $name', ({ amount, expected }) => {
    const item = shoppingItemFromRow({
      id: 1,
      ingredient: 'flour',
      amount,
      unit: 'cup',
      recipe_title: null,
      checked: false,
      category: 'Pantry',
    });
    expect(item).toEqual({
      id: 1,
      ingredient: 'flour',
      amount: expected,
      unit: 'cup',
      recipeTitle: null,
      checked: false,
      category: 'Pantry',
    });
    expect(v.safeParse(ShoppingItemSchema, item).issues).toBeUndefined();
  });

  it('shoppingItemToRow belongs the line to its user and leaves checked to the default', () => {
    expect(
      shoppingItemToRow(4, {
        ingredient: 'eggs',
        amount: 2,
        unit: '',
        recipeTitle: 'Toast',
        category: 'Dairy',
      }),
    ).toEqual({
      user_id: 4,
      ingredient: 'eggs',
      amount: 2,
      unit: '',
      recipe_title: 'Toast',
      category: 'Dairy',
    });
  });
});

describe('reviews', () => {
  it.each([
    { name: 'counted and marked', helpful: 3, userFound: true, expected: { helpful: 3, userFound: true } },
    { name: 'count as text', helpful: '2', userFound: 1 as const, expected: { helpful: 2, userFound: true } },
    { name: 'no marks', helpful: null, userFound: null, expected: { helpful: 0, userFound: false } },
  ])('reviewFromRow: $name', ({ helpful, userFound, expected }) => {
    const review = reviewFromRow({
      id: 5,
      username: 'cook',
      rating: 4,
      comment: 'Good <b>stuff</b>',
      created_at: created,
      updated_at: updated,
      helpful,
      user_found: userFound,
    });
    expect(review).toEqual({
      id: 5,
      username: 'cook',
      rating: 4,
      comment: 'Good <b>stuff</b>',
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-02T08:30:00.000Z',
      ...expected,
    });
    expect(v.safeParse(ReviewSchema, review).issues).toBeUndefined();
  });
});

describe('users', () => {
  it('userRecordFromRow keeps the session version and goal; publicUser drops them', () => {
    const record = userRecordFromRow({
      id: 2,
      username: 'cook',
      email: 'cook@example.com',
      session_version: 4,
      calorie_goal: 1800,
    });
    expect(record).toEqual({
      id: 2,
      username: 'cook',
      email: 'cook@example.com',
      sessionVersion: 4,
      calorieGoal: 1800,
    });
    expect(publicUser(record)).toEqual({ id: 2, username: 'cook', email: 'cook@example.com' });
  });
});
