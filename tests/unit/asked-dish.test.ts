import { describe, expect, it } from 'vitest';
import { isAskedDish, namedDish, trigramSimilarity } from '../../src/lib/asked-dish.ts';
import { itMaps } from '../helpers/table.ts';

// The generated title against the dish that was asked for.

describe('trigram similarity', () => {
  it.each([
    ['word', 'word', 1],
    ['word', 'two words', 4 / 11],
    ['Pad Thai', 'PAD-THAI', 1],
    ['abc', 'xyz', 0],
    ['', 'anything', 0],
  ])('%s ~ %s = %d (as pg_trgm computes it)', (a, b, expected) => {
    expect(trigramSimilarity(a, b)).toBeCloseTo(expected, 6);
  });
});

describe('the dish a prompt names', () => {
  itMaps(
    namedDish,
    [
      ['chicken tikka masala', 'chicken tikka masala'],
      ['A recipe for lemon drizzle cake.', 'lemon drizzle cake'],
      ['make the Pad Thai', 'Pad Thai'],
      ['a weeknight version of "Shakshuka" please, with feta', 'Shakshuka'],
      ['something quick for dinner', null],
      ['a vegetarian dessert', null],
      ['use up leftover rice', null],
      ['a hearty winter soup for a crowd that cooks in one pot', null],
      ['', null],
    ],
    '%j names %j',
  );
});

describe('whether the title is the asked dish', () => {
  it.each([
    ['Lemon Herb Roast Chicken', 'Lemon Herb Roast Chicken', true],
    ['Lemon Herb Roast Chicken', 'Lemon-Herb Roast Chicken with Potatoes', true],
    ['Pad Thai', 'Shrimp Pad Thai', true],
    ['Creamy Mushroom Risotto', 'Mushroom Risotto', true],
    ['Lemon Herb Roast Chicken', 'Beef and Barley Stew', false],
    ['Banana Oat Pancakes', 'Chocolate Chip Cookies', false],
    ['Pad Thai', 'Thai Green Curry', false],
  ])('%j → %j: %s', (asked, title, same) => {
    expect(isAskedDish(asked, title)).toBe(same);
  });
});
