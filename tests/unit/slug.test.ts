import { describe, expect, it } from 'vitest';
import { ingredientText } from '../../src/lib/recipe-text.ts';
import { slugify, uniqueSlug } from '../../src/lib/slug.ts';
import { itMaps } from '../helpers/table.ts';

// The slug rule (lowercase, strip what is not a word character, space or hyphen, spaces to
// hyphens, collapse hyphens), plus accents folded so every slug fits the database's check.

describe('slugify', () => {
  it.each([
    ['Lemon Chicken', 'lemon-chicken'],
    ['  Spaced   Out  ', 'spaced-out'],
    ['Crème Brûlée, My Way!', 'creme-brulee-my-way'],
    ['Mac & Cheese -- Deluxe', 'mac-cheese-deluxe'],
    ['snake_case_title', 'snake-case-title'],
    ['-Leading and trailing-', 'leading-and-trailing'],
    ['Jalapeño Poppers (Baked)', 'jalapeno-poppers-baked'],
    ['!!!', ''],
    ['寿司', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('keeps slugs to 120 characters without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('uniqueSlug', () => {
  it.each([
    [[], 'pie'],
    [['pie'], 'pie-2'],
    [['pie', 'pie-2'], 'pie-3'],
    [['pie', 'pie-3'], 'pie-2'],
  ])('with %j taken gives %s', (taken, expected) => {
    expect(uniqueSlug('pie', new Set(taken))).toBe(expected);
  });
});

describe('ingredientText with the admin form rows', () => {
  itMaps(
    ingredientText,
    [
      [{ quantity: '2', unit: 'cups', item: 'flour', note: 'sifted' }, '2 cups flour, sifted'],
      [{ quantity: 1, item: 'lemon' }, '1 lemon'],
      [{ item: 'salt', note: 'to taste' }, 'salt, to taste'],
      [{ measurement: '1 tbsp', name: 'oil' }, '1 tbsp oil'],
    ],
    '%j → %s',
  );
});
