import { describe, expect, it } from 'vitest';
import { mergeShares, planShares, type PlanEntryForList } from '../../src/lib/plan/plan-to-list.ts';
import { roundAmount } from '../../src/lib/quantities.ts';
import type { ShoppingRecipe } from '../../src/lib/shopping/ingredient-item.ts';

const recipe = (id: number, title: string, servings: number, ingredients: ShoppingRecipe['ingredients']) => ({
  id,
  title,
  servings,
  ingredients,
});

const soup = recipe(1, 'Onion Soup', 4, [
  '2 onions, sliced',
  '1 cup stock',
  '1/2 tsp salt',
  'Pepper to taste',
]);
const curry = recipe(2, 'Curry', 2, ['1 onion, diced', '200 g rice', '1 1/2 cups coconut milk']);
const cake = recipe(3, 'Layer Cake', 8, {
  Cake: ['2 cups flour', '1 cup sugar'],
  Frosting: ['1/2 cup sugar', '1 cup butter'],
});

const lines = (entries: PlanEntryForList[]) =>
  mergeShares(planShares(entries)).map((l) => [l.ingredient, l.amount, l.unit, l.recipes.join(', ')]);

describe('the plan on the shopping list', () => {
  it.each<[string, PlanEntryForList[], (string | number | null)[][]]>([
    [
      'two recipes needing onions make one line with the sum, naming both',
      [
        { entryId: 1, servings: 4, recipe: soup },
        { entryId: 2, servings: 2, recipe: curry },
      ],
      [
        ['onions', 2, '', 'Onion Soup'],
        ['stock', 1, 'cup', 'Onion Soup'],
        ['salt', 0.5, 'tsp', 'Onion Soup'],
        ['Pepper', null, '', 'Onion Soup'],
        ['onion', 1, '', 'Curry'],
        ['rice', 200, 'g', 'Curry'],
        ['coconut milk', 1.5, 'cups', 'Curry'],
      ],
    ],
    [
      'each entry is scaled to its own servings (fractions stay kitchen fractions)',
      [{ entryId: 1, servings: 6, recipe: soup }],
      [
        ['onions', 3, '', 'Onion Soup'],
        ['stock', 1.5, 'cup', 'Onion Soup'],
        ['salt', 0.75, 'tsp', 'Onion Soup'],
        ['Pepper', null, '', 'Onion Soup'],
      ],
    ],
    [
      'the same recipe twice on the plan sums, and names the recipe once',
      [
        { entryId: 1, servings: 2, recipe: curry },
        { entryId: 2, servings: 4, recipe: curry },
      ],
      [
        ['onion', 3, '', 'Curry'],
        ['rice', 600, 'g', 'Curry'],
        ['coconut milk', 4.5, 'cups', 'Curry'],
      ],
    ],
    [
      'sections are read in order and a unit in singular and plural merges (cup = cups)',
      [{ entryId: 1, servings: 8, recipe: cake }],
      [
        ['flour', 2, 'cups', 'Layer Cake'],
        ['sugar', 1.5, 'cup', 'Layer Cake'],
        ['butter', 1, 'cup', 'Layer Cake'],
      ],
    ],
    [
      'thirds are kept to three decimals, as the list stores them',
      [
        { entryId: 1, servings: 4, recipe: recipe(6, 'Pancakes', 3, ['1 cup milk']) },
        { entryId: 2, servings: 2, recipe: recipe(6, 'Pancakes', 3, ['1 cup milk']) },
      ],
      [['milk', 2, 'cup', 'Pancakes']],
    ],
    [
      'grams and cups of one thing stay two lines',
      [
        { entryId: 1, servings: 2, recipe: recipe(4, 'A', 2, ['100 g sugar']) },
        { entryId: 2, servings: 8, recipe: cake },
      ],
      [
        ['sugar', 100, 'g', 'A'],
        ['flour', 2, 'cups', 'Layer Cake'],
        ['sugar', 1.5, 'cup', 'Layer Cake'],
        ['butter', 1, 'cup', 'Layer Cake'],
      ],
    ],
  ])('%s', (_name, entries, expected) => {
    expect(lines(entries)).toEqual(expected);
  });

  it('one entry gives one share per line, even when two of its lines name the same thing', () => {
    const shares = planShares([
      { entryId: 7, servings: 2, recipe: recipe(5, 'Salad', 2, ['1 onion, diced', '1 onion, sliced']) },
    ]);
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({ entryId: 7, ingredient: 'onion', amount: 2, category: 'Produce' });
  });

  // Servings 1 to 24 of a recipe for 4 needing 2 onions, 1/2 tsp salt and 200 g rice (of a
  // recipe for 2): amounts scale in proportion, rounded the way the cook measures (kitchen
  // fractions; metric units in decimals), and stay within a fifth of the exact amount.
  it.each(Array.from({ length: 24 }, (_, i) => i + 1))('%i servings scale in proportion', (servings) => {
    const [onions, , salt] = mergeShares(planShares([{ entryId: 1, servings, recipe: soup }]));
    const [, rice] = mergeShares(planShares([{ entryId: 2, servings, recipe: curry }]));
    for (const [line, exact, style] of [
      [onions, (2 * servings) / 4, 'fraction'],
      [salt, servings / 8, 'fraction'],
      [rice, 100 * servings, 'decimal'],
    ] as const) {
      expect(line!.amount).toBe(Math.round(roundAmount(exact, style) * 1000) / 1000);
      expect(Math.abs(line!.amount! - exact) / exact).toBeLessThanOrEqual(0.2);
    }
  });

  it('a share of a third is 1.333, not 1.3333…', () => {
    const [share] = planShares([
      { entryId: 1, servings: 4, recipe: recipe(6, 'Pancakes', 3, ['1 cup milk']) },
    ]);
    expect(share!.amount).toBe(1.333);
  });
});
