import { describe, expect, it } from 'vitest';
import {
  categorizeIngredient,
  isShoppingCategory,
  SHOPPING_CATEGORIES,
  type ShoppingCategory,
} from '../../src/lib/shopping/categories.ts';
import { itMaps } from '../helpers/table.ts';

describe('categorizeIngredient', () => {
  itMaps<string, ShoppingCategory>(
    categorizeIngredient,
    [
      // Produce
      ['Cherry tomatoes', 'Produce'],
      ['2 cloves garlic', 'Produce'],
      ['red bell pepper', 'Produce'],
      ['Jalapeño', 'Produce'],
      ['fresh basil leaves', 'Produce'],
      ['eggplant', 'Produce'],
      ['butternut squash', 'Produce'],
      ['green beans', 'Produce'],
      ['lemons', 'Produce'],
      ['sugar snap peas', 'Produce'],
      // Meat & Seafood
      ['boneless chicken thighs', 'Meat & Seafood'],
      ['ground beef', 'Meat & Seafood'],
      ['raw shrimp, peeled', 'Meat & Seafood'],
      ['smoked bacon', 'Meat & Seafood'],
      ['salmon fillets', 'Meat & Seafood'],
      // Dairy
      ['unsalted butter', 'Dairy'],
      ['whole milk', 'Dairy'],
      ['large eggs', 'Dairy'],
      ['grated Parmesan', 'Dairy'],
      ['Greek yogurt', 'Dairy'],
      ['heavy cream', 'Dairy'],
      // Pantry (including shelf-stable things named after fresh ones)
      ['all-purpose flour', 'Pantry'],
      ['salt and pepper', 'Pantry'],
      ['pepper', 'Pantry'],
      ['freshly ground black pepper', 'Pantry'],
      ['red pepper flakes', 'Pantry'],
      ['chicken broth', 'Pantry'],
      ['coconut milk', 'Pantry'],
      ['peanut butter', 'Pantry'],
      ['olive oil', 'Pantry'],
      ['soy sauce', 'Pantry'],
      ['fish sauce', 'Pantry'],
      ['dried oregano', 'Pantry'],
      ['ground cinnamon', 'Pantry'],
      ['canned chickpeas', 'Pantry'],
      ['arborio rice', 'Pantry'],
      ['spaghetti', 'Pantry'],
      ['panko breadcrumbs', 'Pantry'],
      ['egg noodles', 'Pantry'],
      ['cream of tartar', 'Pantry'],
      ['garlic salt', 'Pantry'],
      ['brown sugar', 'Pantry'],
      // Bakery
      ['crusty sourdough bread', 'Bakery'],
      ['flour tortillas', 'Bakery'],
      ['burger buns', 'Bakery'],
      // Frozen
      ['frozen peas', 'Frozen'],
      ['vanilla ice cream', 'Frozen'],
      ['puff pastry', 'Frozen'],
      // Other
      ['kitchen twine', 'Other'],
      ['', 'Other'],
    ],
    '%s → %s',
  );

  it('is case- and spacing-insensitive', () => {
    expect(categorizeIngredient('  FROZEN   Peas ')).toBe('Frozen');
  });

  itMaps(
    isShoppingCategory,
    [
      ...SHOPPING_CATEGORIES.map((c) => [c, true] as const),
      ['Candy', false] as const,
      [null, false] as const,
      ['produce', false] as const,
    ],
    'isShoppingCategory(%s) is %s',
  );
});
