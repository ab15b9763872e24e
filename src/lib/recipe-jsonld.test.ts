import { describe, expect, it } from 'vitest';
import {
  isoDuration,
  isoDurationSeconds,
  keywordsFor,
  recipeJsonLd,
  stepText,
  type JsonLdRecipe,
} from './recipe-jsonld.ts';
import { recipeJsonLdProblems } from './recipe-jsonld-checklist.ts';
import type { Recipe } from './schemas/recipe.ts';

const base: Recipe = {
  id: 7,
  slug: 'lemon-chicken',
  title: 'Lemon Chicken',
  description: 'Juicy roast chicken.',
  summary: null,
  image: '/images/recipes/lemon-chicken.webp',
  category: 'main-course',
  cuisine: 'French',
  prepTime: 15,
  cookTime: 75,
  noCooking: false,
  totalTime: 90,
  servings: 4,
  difficulty: 'Medium',
  calories: 520,
  nutrition: { calories: 520, protein: '42g', sodium: '780mg' },
  ingredients: { 'For the chicken': ['1 chicken', '2 lemons'], 'For the gravy': ['1 tbsp flour'] },
  instructions: [
    'Step 1: Heat the oven.',
    { instruction: 'Roast for 45 minutes.', image: '/images/steps/roast.webp' },
    '',
  ],
  rating: 45,
  averageRating: 4.5,
  reviewCount: 12,
  faqs: [],
  tags: ['roast chicken', 'french classics', 'Main courses', 'sunday dinner'],
  videoUrl: null,
  videoThumbnail: null,
  videoDuration: null,
  stepIngredients: null,
  diets: [],
  dietsByHand: false,
  createdAt: '2026-03-14T10:00:00.000Z',
  updatedAt: '2026-03-15T10:00:00.000Z',
};
const options = {
  site: 'https://forkful.example/',
  pageUrl: 'https://forkful.example/recipe/lemon-chicken',
  categoryName: 'Main Course',
  image: '/images/recipes/lemon-chicken.webp',
  organization: 'Forkful',
};

describe('recipeJsonLd', () => {
  it('builds markup that passes the checklist', () => {
    expect(recipeJsonLdProblems(recipeJsonLd(base, options))).toEqual([]);
  });

  it.each([
    [
      'ISO durations',
      { prepTime: 15, cookTime: 75, totalTime: 90 },
      { prepTime: 'PT15M', cookTime: 'PT1H15M', totalTime: 'PT1H30M' },
    ],
    [
      'the defaults (prep 10, cook 20, 4 servings) for missing times and servings',
      { prepTime: null, cookTime: undefined, totalTime: null, servings: null },
      { prepTime: 'PT10M', cookTime: 'PT20M', totalTime: 'PT30M', recipeYield: ['4', '4 servings'] },
    ],
    [
      'defaults for values that cannot be real (NaN, negative, no servings)',
      { prepTime: Number.NaN, cookTime: -5, totalTime: Number.NaN, servings: 0 },
      { prepTime: 'PT10M', cookTime: 'PT20M', totalTime: 'PT30M', recipeYield: ['4', '4 servings'] },
    ],
    [
      'a known zero cook time is no cooking, not the 20-minute default (smoothies, salads, tiramisu)',
      { prepTime: 25, cookTime: 0, totalTime: 25 },
      { prepTime: 'PT25M', cookTime: 'PT0M', totalTime: 'PT25M' },
    ],
    [
      'a zero cook time with the total missing',
      { prepTime: 5, cookTime: 0, totalTime: null },
      { prepTime: 'PT5M', cookTime: 'PT0M', totalTime: 'PT5M' },
    ],
    [
      'a known zero prep time is kept too',
      { prepTime: 0, cookTime: 30, totalTime: 30 },
      { prepTime: 'PT0M', cookTime: 'PT30M', totalTime: 'PT30M' },
    ],
    [
      'a total never shorter than prep + cook',
      { prepTime: 20, cookTime: 40, totalTime: 30 },
      { totalTime: 'PT1H' },
    ],
    ['the serving count first in recipeYield', { servings: 1 }, { recipeYield: ['1', '1 serving'] }],
    ['no aggregateRating without reviews', { reviewCount: 0, rating: 0 }, { aggregateRating: undefined }],
    [
      'the rating in stars',
      { rating: 47, reviewCount: 3 },
      {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 4.7,
          reviewCount: 3,
          bestRating: 5,
          worstRating: 1,
        },
      },
    ],
    [
      'no video without a thumbnail',
      { videoUrl: 'https://cdn.example/v.mp4', videoThumbnail: null },
      { video: undefined },
    ],
  ] as [string, Partial<JsonLdRecipe>, Record<string, unknown>][])('%s', (_name, change, expected) => {
    const ld = recipeJsonLd({ ...base, ...change }, options);
    for (const [key, value] of Object.entries(expected)) expect(ld[key], key).toEqual(value);
    expect(recipeJsonLdProblems(ld)).toEqual([]);
  });

  it('flattens grouped ingredients and makes HowToSteps with anchors, images and no "Step N" labels', () => {
    const ld = recipeJsonLd(base, options);
    expect(ld.recipeIngredient).toEqual(['1 chicken', '2 lemons', '1 tbsp flour']);
    expect(ld.recipeInstructions).toEqual([
      { '@type': 'HowToStep', text: 'Heat the oven.', url: `${options.pageUrl}#step-1` },
      {
        '@type': 'HowToStep',
        text: 'Roast for 45 minutes.',
        url: `${options.pageUrl}#step-2`,
        image: 'https://forkful.example/images/steps/roast.webp',
      },
    ]);
  });

  it.each([
    [
      'https://www.youtube.com/watch?v=abcdefghijk',
      { embedUrl: 'https://www.youtube.com/embed/abcdefghijk' },
    ],
    ['https://vimeo.com/123456', { embedUrl: 'https://player.vimeo.com/video/123456' }],
    ['/videos/lemon-chicken.mp4', { contentUrl: 'https://forkful.example/videos/lemon-chicken.mp4' }],
  ])('video %s carries name, thumbnail, upload date and the right URL', (videoUrl, urls) => {
    const ld = recipeJsonLd(
      { ...base, videoUrl, videoThumbnail: '/images/v.webp', videoDuration: 330 },
      options,
    );
    expect(ld.video).toMatchObject({
      '@type': 'VideoObject',
      name: 'How to make Lemon Chicken',
      thumbnailUrl: ['https://forkful.example/images/v.webp'],
      uploadDate: base.createdAt,
      duration: 'PT5M30S',
      ...urls,
    });
    expect(recipeJsonLdProblems(ld)).toEqual([]);
  });
});

describe('helpers', () => {
  it.each([
    [0, 'PT0M'],
    [5, 'PT5M'],
    [60, 'PT1H'],
    [90, 'PT1H30M'],
    [1440, 'P1D'],
    [1530, 'P1DT1H30M'],
  ])('isoDuration(%i) = %s', (minutes, iso) => {
    expect(isoDuration(minutes)).toBe(iso);
  });
  it.each([
    [0, 'PT0S'],
    [45, 'PT45S'],
    [300, 'PT5M'],
    [3725, 'PT1H2M5S'],
  ])('isoDurationSeconds(%i) = %s', (seconds, iso) => {
    expect(isoDurationSeconds(seconds)).toBe(iso);
  });
  it('keywords leave out tags naming the category or the cuisine, singular or plural', () => {
    expect(keywordsFor(base, 'Main Course')).toBe('roast chicken, sunday dinner');
    expect(
      keywordsFor(
        { tags: ['dessert', 'chocolate', 'no bake'], category: 'desserts', cuisine: 'American' },
        'Desserts',
      ),
    ).toBe('chocolate, no bake');
  });
  it.each([
    ['Step 1: Heat the oven.', 'Heat the oven.'],
    ['step 12) Serve.', 'Serve.'],
    ['Stepping back, rest it.', 'Stepping back, rest it.'],
  ])('stepText(%j)', (text, clean) => {
    expect(stepText(text)).toBe(clean);
  });
});
