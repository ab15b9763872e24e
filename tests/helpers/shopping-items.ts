// Shopping list items for the unit tests, with the fields a test does not care about filled in.
import type { ShoppingItem } from '../../src/lib/schemas/shopping-item.ts';

export function item(id: number, ingredient: string, extra: Partial<ShoppingItem> = {}): ShoppingItem {
  return {
    id,
    ingredient,
    amount: 1,
    unit: '',
    recipeTitle: 'Pancakes',
    checked: false,
    category: 'Other',
    ...extra,
  };
}
