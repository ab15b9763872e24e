import { agreeUnit, displayAmount } from '../quantities.ts';
import { SHOPPING_CATEGORIES, type ShoppingCategory } from './categories.ts';
import type { ShoppingItem } from '../schemas/shopping-item.ts';
import { isMetricUnit } from './ingredient-item.ts';

// How shopping-list items read, on screen and in the exported shopping-list.txt: amounts as a
// cook writes them ("1 1/2 cups flour", "0.75 kg potatoes"), grouped by aisle in
// the store's order (Produce first, Other last).

/** The file name of the export. */
export const EXPORT_FILE_NAME = 'shopping-list.txt';

/** "2 cups", "1 1/2 tbsp", "0.75 kg"; empty when the item has no amount. */
export function itemQuantity(item: Pick<ShoppingItem, 'amount' | 'unit'>): string {
  if (item.amount === null) return item.unit;
  const amount = displayAmount(item.amount, isMetricUnit(item.unit) ? 'decimal' : 'fraction');
  return item.unit ? `${amount}${agreeUnit(` ${item.unit}`, item.amount)}` : amount;
}

/** "2 cups flour" — what to buy, without the recipe. */
export function itemText(item: Pick<ShoppingItem, 'amount' | 'unit' | 'ingredient'>): string {
  return [itemQuantity(item), item.ingredient].filter(Boolean).join(' ');
}

export interface ShoppingGroup {
  category: ShoppingCategory;
  items: ShoppingItem[];
}

/** The non-empty aisles in order; items keep their list order inside an aisle. */
export function groupByCategory(items: readonly ShoppingItem[]): ShoppingGroup[] {
  return SHOPPING_CATEGORIES.map((category) => ({
    category,
    items: items.filter((item) => (item.category ?? 'Other') === category),
  })).filter((group) => group.items.length > 0);
}

/**
 * The text of shopping-list.txt: a heading per aisle, one checkbox line per item, e.g.
 * "[ ] 2 cups flour (Pancakes)" or "[x] 3 eggs (Pancakes, Omelette)".
 */
export function exportShoppingText(items: readonly ShoppingItem[]): string {
  const checked = items.filter((item) => item.checked).length;
  const lines = ['Shopping List', `${checked} of ${items.length} checked`];
  for (const group of groupByCategory(items)) {
    lines.push('', group.category);
    for (const item of group.items) {
      const from = item.recipeTitle ? ` (${item.recipeTitle})` : '';
      lines.push(`[${item.checked ? 'x' : ' '}] ${itemText(item)}${from}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
