import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { byPantryMatch, pantryMatch } from '../../src/lib/pantry.ts';
import { FilterQueryEntries, filtersOf } from '../../src/lib/recipe-filter-query.ts';
import {
  filterParams,
  filtersFromParams,
  ingredientList,
  NO_FILTERS,
  type RecipeFilters,
} from '../../src/lib/recipe-filters.ts';

describe('filtersFromParams', () => {
  const cases: [query: string, filters: RecipeFilters][] = [
    ['', NO_FILTERS],
    ['time=30', { ...NO_FILTERS, maxTime: 30 }],
    ['time=20', NO_FILTERS],
    ['diet=vegan&diet=gluten-free', { ...NO_FILTERS, diets: ['vegan', 'gluten-free'] }],
    ['diet=dairy-free,vegetarian&diet=paleo', { ...NO_FILTERS, diets: ['vegetarian', 'dairy-free'] }],
    [
      'exclude=Mushrooms,%20blue%20cheese,,mushrooms',
      { ...NO_FILTERS, exclude: ['mushrooms', 'blue cheese'] },
    ],
    ['have=eggs%0Atomatoes', { ...NO_FILTERS, have: ['eggs', 'tomatoes'] }],
  ];
  it.each(cases)('?%s', (query, filters) => {
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(filters);
  });

  it('round-trips through the address parameters', () => {
    const filters: RecipeFilters = {
      maxTime: 45,
      diets: ['vegan'],
      exclude: ['nuts'],
      have: ['rice', 'eggs'],
    };
    expect(filtersFromParams(new URLSearchParams(filterParams(filters)))).toEqual(filters);
  });
});

describe('the API filter parameters', () => {
  const Query = v.object(FilterQueryEntries);
  it.each([
    [
      { time: '15', diet: 'vegan,gluten-free' },
      { ...NO_FILTERS, maxTime: 15, diets: ['vegan', 'gluten-free'] },
    ],
    [
      { exclude: 'mushrooms', have: 'eggs, rice' },
      { ...NO_FILTERS, exclude: ['mushrooms'], have: ['eggs', 'rice'] },
    ],
  ] as const)('%o', (query, filters) => {
    expect(filtersOf(v.parse(Query, query))).toEqual(filters);
  });
  it.each([
    [{ time: '20' }, 'time must be one of 15, 30, 45, 60 (minutes)'],
    [{ diet: 'paleo' }, 'diet must be among vegetarian, vegan, gluten-free, dairy-free'],
    [
      { have: Array.from({ length: 13 }, (_, i) => `food${i}`).join(',') },
      'List at most 12 ingredients to cook with',
    ],
    [{ exclude: 'x'.repeat(41) }, 'An ingredient to leave out is at most 40 characters'],
  ])('refuses %o', (query, message) => {
    const result = v.safeParse(Query, query);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });
});

describe('ingredientList', () => {
  it('splits on commas, semicolons and lines, lower-cased, without repeats', () => {
    expect(ingredientList(' Eggs; rice\nEGGS ,, spring onions ')).toEqual(['eggs', 'rice', 'spring onions']);
  });
});

describe('pantryMatch', () => {
  const lines = [
    '4 large eggs',
    '200 g cooked rice',
    '2 spring onions, sliced',
    '1 tbsp soy sauce',
    'salt and pepper',
    '1 tbsp vegetable oil',
  ];
  const cases: [have: string[], count: number, missing: string[]][] = [
    [['eggs', 'rice'], 2, ['spring onions', 'soy sauce']],
    [['egg', 'onions', 'soy sauce', 'rice'], 4, []],
    [[], 0, ['large eggs', 'cooked rice', 'spring onions', 'soy sauce']],
    [['cheese'], 0, ['large eggs', 'cooked rice', 'spring onions', 'soy sauce']],
  ];
  it.each(cases)('%o', (have, count, missing) => {
    expect(pantryMatch(lines, have)).toEqual({ have: count, missing });
  });

  it('ranks most had first, then fewest missing', () => {
    const a = { id: 1, pantry: { have: 1, missing: ['x'] } };
    const b = { id: 2, pantry: { have: 3, missing: ['x', 'y'] } };
    const c = { id: 3, pantry: { have: 3, missing: [] } };
    expect([a, b, c].sort(byPantryMatch).map((r) => r.id)).toEqual([3, 2, 1]);
  });
});
