// Ingredient lines become shopping list items at the chosen scale, and the text of shopping-list.txt.
import { describe, expect, it } from 'vitest';
import type { ShoppingItem } from '../../src/lib/schemas/shopping-item.ts';
import { ingredientToItem, recipeToItems } from '../../src/lib/shopping/ingredient-item.ts';
import { mergeKey } from '../../src/lib/shopping/merge.ts';
import { exportShoppingText, itemText } from '../../src/lib/shopping/shopping-text.ts';
import { item } from '../helpers/shopping-items.ts';

describe('ingredient lines become items at the chosen scale', () => {
  it.each<[string, number, { ingredient: string; amount: number | null; unit: string }]>([
    ['2 cups flour', 1, { ingredient: 'flour', amount: 2, unit: 'cups' }],
    ['1 1/2 cups flour, sifted', 2, { ingredient: 'flour', amount: 3, unit: 'cups' }],
    ['2-3 cloves garlic, minced', 1, { ingredient: 'garlic', amount: 3, unit: 'cloves' }],
    ['½ tsp salt', 3, { ingredient: 'salt', amount: 1.5, unit: 'tsp' }],
    ['400g chopped tomatoes', 0.5, { ingredient: 'chopped tomatoes', amount: 200, unit: 'g' }],
    ['1.5 kg potatoes', 0.5, { ingredient: 'potatoes', amount: 0.75, unit: 'kg' }],
    [
      '1 (14 oz) can diced tomatoes, drained',
      2,
      { ingredient: 'diced tomatoes (14 oz)', amount: 2, unit: 'can' },
    ],
    ['1 tin (400 g) chopped tomatoes', 1, { ingredient: 'chopped tomatoes (400 g)', amount: 1, unit: 'tin' }],
    ['2 tbsp raisins (optional)', 1, { ingredient: 'raisins', amount: 2, unit: 'tbsp' }],
    ['4 cloves', 1, { ingredient: 'cloves', amount: 4, unit: '' }],
    ['2 cups of whole milk', 1, { ingredient: 'whole milk', amount: 2, unit: 'cups' }],
    ['3 large eggs', 2, { ingredient: 'large eggs', amount: 6, unit: '' }],
    ['1 9-inch pie crust', 2, { ingredient: '9-inch pie crust', amount: 2, unit: '' }],
    ['1/3 cup sugar', 1, { ingredient: 'sugar', amount: 1 / 3, unit: 'cup' }],
    ['Salt and pepper to taste', 4, { ingredient: 'Salt and pepper', amount: null, unit: '' }],
    ['Fresh basil, for garnish', 2, { ingredient: 'Fresh basil', amount: null, unit: '' }],
  ])('%j × %d', (line, factor, expected) => {
    const item = ingredientToItem(line, factor, 'Pancakes');
    expect(item).toMatchObject({
      ...expected,
      amount: expected.amount === null ? null : expect.closeTo(expected.amount, 3),
      recipeTitle: 'Pancakes',
    });
  });

  it.each([
    ['at 8 servings of a recipe for 4, amounts double', 8, [2, 4, null]],
    ['below 1 serving counts as 1', 0, [0.25, 0.5, null]],
    ['a fraction of a serving is rounded to a whole one', 2.4, [0.5, 1, null]],
  ])('%s', (_name, servings, amounts) => {
    const recipe = {
      id: 1,
      title: 'Pancakes',
      servings: 4,
      ingredients: { Batter: ['1 cup flour', '2 eggs'], Topping: ['Maple syrup'] },
    };
    expect(recipeToItems(recipe, servings).map((i) => i.amount)).toEqual(amounts);
  });

  // One rule (src/lib/shopping/merge.ts) for the server and the offline queue.
  it.each([
    ['Flour', 'cups', 'flour ', 'Cup', true],
    ['Olive  Oil', 'tbsp.', 'olive oil', 'tbsp', true],
    ['glass noodles', 'glass', 'glass noodles', 'glasses', false],
    ['Cress', 'bunches', 'cress', 'bunche', true],
    ['eggs', '', 'eggs', 'g', false],
    ['flour', 'cup', 'sugar', 'cup', false],
  ])('%j %j and %j %j merge: %s', (a, unitA, b, unitB, same) => {
    expect(mergeKey(a, unitA) === mergeKey(b, unitB)).toBe(same);
  });
});

describe('shopping-list.txt', () => {
  it.each<[Partial<ShoppingItem>, string]>([
    [{ amount: 1.5, unit: 'cup' }, '1 1/2 cups flour'],
    [{ amount: 0.333, unit: 'cup' }, '1/3 cup flour'],
    [{ amount: 1, unit: 'cups' }, '1 cup flour'],
    [{ amount: 0.75, unit: 'kg' }, '0.75 kg flour'],
    [{ amount: 3, unit: '' }, '3 flour'],
    [{ amount: null, unit: '' }, 'flour'],
  ])('%j reads %j', (fields, text) => {
    expect(itemText(item(1, 'flour', fields))).toBe(text);
  });

  it('groups by aisle in store order with a checkbox per line', () => {
    const items = [
      item(1, 'flour', { amount: 2, unit: 'cups', category: 'Pantry' }),
      item(2, 'eggs', { amount: 3, category: 'Dairy', checked: true, recipeTitle: 'Pancakes, Omelette' }),
      item(3, 'lemons', { amount: 2, category: 'Produce' }),
      item(4, 'sprinkles', { amount: null, category: 'Other', recipeTitle: null }),
      item(5, 'milk', { amount: 1.5, unit: 'cups', category: 'Dairy' }),
    ];
    expect(exportShoppingText(items)).toBe(
      [
        'Shopping List',
        '1 of 5 checked',
        '',
        'Produce',
        '[ ] 2 lemons (Pancakes)',
        '',
        'Dairy',
        '[x] 3 eggs (Pancakes, Omelette)',
        '[ ] 1 1/2 cups milk (Pancakes)',
        '',
        'Pantry',
        '[ ] 2 cups flour (Pancakes)',
        '',
        'Other',
        '[ ] sprinkles',
        '',
      ].join('\n'),
    );
  });
});
