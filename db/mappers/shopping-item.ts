import type { NewShoppingItemRow, ShoppingItemRow } from '../schema.ts';
import type { ShoppingItem } from '../../src/lib/schemas/shopping-item.ts';

// shopping_items rows ↔ the public ShoppingItem (src/lib/schemas/shopping-item.ts).

/** The columns shoppingItemFromRow reads. */
export const SHOPPING_ITEM_COLUMNS = [
  'id',
  'ingredient',
  'amount',
  'unit',
  'recipe_title',
  'checked',
  'category',
] as const satisfies readonly (keyof ShoppingItemRow)[];

export type ShoppingItemListRow = Pick<ShoppingItemRow, (typeof SHOPPING_ITEM_COLUMNS)[number]>;

export function shoppingItemFromRow(row: ShoppingItemListRow): ShoppingItem {
  return {
    id: row.id,
    ingredient: row.ingredient,
    amount: row.amount === null ? null : Number(row.amount),
    unit: row.unit,
    recipeTitle: row.recipe_title,
    checked: row.checked,
    category: row.category,
  };
}

/** A new line of a user's list as a row (unchecked: the database default). */
export function shoppingItemToRow(
  userId: number,
  item: Omit<ShoppingItem, 'id' | 'checked'>,
): NewShoppingItemRow {
  return {
    user_id: userId,
    ingredient: item.ingredient,
    amount: item.amount,
    unit: item.unit,
    recipe_title: item.recipeTitle,
    category: item.category,
  };
}
