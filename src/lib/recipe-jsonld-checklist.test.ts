import { describe, expect, it } from 'vitest';
import { recipeJsonLdProblems } from './recipe-jsonld-checklist.ts';

// Each rule of Google's Recipe structured-data checklist catches its mistake.

const valid = {
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Lemon Chicken',
  description: 'Juicy roast chicken.',
  image: ['https://forkful.example/images/recipes/lemon-chicken.webp'],
  author: { '@type': 'Organization', name: 'Forkful' },
  datePublished: '2026-03-14T10:00:00.000Z',
  prepTime: 'PT15M',
  cookTime: 'PT1H15M',
  totalTime: 'PT1H30M',
  recipeYield: ['4', '4 servings'],
  recipeCategory: 'Main Course',
  recipeCuisine: 'French',
  keywords: 'roast chicken, sunday dinner',
  recipeIngredient: ['1 chicken', '2 lemons'],
  recipeInstructions: [
    { '@type': 'HowToStep', text: 'Heat the oven.' },
    { '@type': 'HowToStep', text: 'Roast.' },
  ],
  nutrition: { '@type': 'NutritionInformation', calories: '520 calories' },
  aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
};

describe('recipeJsonLdProblems', () => {
  it('accepts a complete Recipe', () => {
    expect(recipeJsonLdProblems(valid)).toEqual([]);
  });

  it('accepts real HowToSections', () => {
    const sections = [
      {
        '@type': 'HowToSection',
        name: 'For the sauce',
        itemListElement: [{ '@type': 'HowToStep', text: 'Stir.' }],
      },
    ];
    expect(recipeJsonLdProblems({ ...valid, recipeInstructions: sections })).toEqual([]);
  });

  it.each([
    ['a missing name', { name: '' }, 'name is missing'],
    ['a missing image', { image: undefined }, 'image is missing'],
    ['a relative image', { image: ['/images/a.webp'] }, 'every image must be an absolute http(s) URL'],
    [
      'free-text durations',
      { cookTime: '1 hour 15 minutes' },
      'cookTime must be an ISO 8601 duration (got "1 hour 15 minutes")',
    ],
    [
      'duration ranges',
      { totalTime: { minValue: 'PT1H', maxValue: 'PT2H' } },
      'totalTime must be an ISO 8601 duration (got {"minValue":"PT1H","maxValue":"PT2H"})',
    ],
    ['prepTime without cookTime', { cookTime: undefined }, 'prepTime and cookTime must be given together'],
    [
      'nutrition without recipeYield',
      { recipeYield: undefined },
      'recipeYield is required when nutrition per serving is given',
    ],
    [
      'a yield that does not start with the serving count',
      { recipeYield: ['4 servings'] },
      'recipeYield must start with the number of servings as a bare number',
    ],
    [
      'calories without the unit',
      { nutrition: { '@type': 'NutritionInformation', calories: '520' } },
      'nutrition.calories must read like "270 calories"',
    ],
    ['no ingredients', { recipeIngredient: [] }, 'recipeIngredient is missing'],
    [
      '"Step 1" in the step text',
      { recipeInstructions: [{ '@type': 'HowToStep', text: 'Step 1: Heat the oven.' }] },
      'recipeInstructions[0] text starts with a "Step N" label',
    ],
    [
      '"Step 1" as the step name',
      { recipeInstructions: [{ '@type': 'HowToStep', name: 'Step 1', text: 'Heat.' }] },
      'recipeInstructions[0] has "Step N" (or nothing) as its name',
    ],
    [
      'plain strings as steps',
      { recipeInstructions: ['Heat the oven.'] },
      'recipeInstructions[0] is not a HowToStep or HowToSection',
    ],
    [
      'a section without a name',
      {
        recipeInstructions: [
          { '@type': 'HowToSection', itemListElement: [{ '@type': 'HowToStep', text: 'Stir.' }] },
        ],
      },
      'recipeInstructions[0] (HowToSection) has no name',
    ],
    [
      'keywords repeating the cuisine',
      { keywords: 'roast chicken, french classics' },
      'keywords repeat the category or cuisine: french classics',
    ],
    [
      'keywords repeating the category in the singular',
      { keywords: 'main course ideas' },
      'keywords repeat the category or cuisine: main course ideas',
    ],
    [
      'a rating without a count',
      { aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5 } },
      'aggregateRating needs a ratingCount or reviewCount of at least 1',
    ],
    [
      'a comma decimal rating',
      { aggregateRating: { '@type': 'AggregateRating', ratingValue: '4,5', reviewCount: 2 } },
      'aggregateRating.ratingValue must be a number from 1 to 5 with a dot decimal',
    ],
    [
      'a video without thumbnail and upload date',
      { video: { '@type': 'VideoObject', name: 'How to', contentUrl: 'https://v.example/a.mp4' } },
      'video.thumbnailUrl is missing',
    ],
    ['a date in free text', { datePublished: 'March 14, 2026' }, 'datePublished must be an ISO 8601 date'],
    ['a missing author', { author: undefined }, 'author must be a Person or Organization with a name'],
  ] as [string, Record<string, unknown>, string][])('rejects %s', (_name, change, problem) => {
    expect(recipeJsonLdProblems({ ...valid, ...change })).toContain(problem);
  });

  it('rejects what is not a Recipe', () => {
    expect(recipeJsonLdProblems({ ...valid, '@type': 'ItemList' })).toContain(
      '@type is ItemList, not Recipe',
    );
    expect(recipeJsonLdProblems(null)).toEqual(['JSON-LD is not an object']);
  });
});
