import * as v from 'valibot';
import { objectMessage } from './schema-messages.ts';
import { SHOPPING_CATEGORIES, type ShoppingCategory } from './shopping-categories.ts';

// The shopping list's payloads (SPEC §3 "Shopping item"). The browser parses amounts and units
// from the recipe at the chosen scale; the server only validates, merges and stores them.

export const SHOPPING_LIMITS = {
  /** Items one request may add (a very long recipe has ~40). */
  itemsPerRequest: 200,
  /** Items one list may hold. */
  itemsPerList: 500,
  ingredientLength: 200,
  unitLength: 30,
  recipeTitleLength: 200,
  /** Largest amount of one item (amounts are stored with 3 decimals). */
  maxAmount: 100_000,
} as const;

const ShoppingItemInput = v.object({
  ingredient: v.pipe(
    v.string('Each item needs an ingredient'),
    v.trim(),
    v.nonEmpty('Each item needs an ingredient'),
    v.maxLength(SHOPPING_LIMITS.ingredientLength, `Ingredient names are limited to ${SHOPPING_LIMITS.ingredientLength} characters`),
  ),
  amount: v.optional(
    v.nullable(
      v.pipe(
        v.number('Amount must be a number or null'),
        v.gtValue(0, 'Amount must be more than 0'),
        v.maxValue(SHOPPING_LIMITS.maxAmount, `Amount must be at most ${SHOPPING_LIMITS.maxAmount}`),
      ),
    ),
    null,
  ),
  unit: v.optional(v.pipe(v.string('Unit must be text'), v.trim(), v.maxLength(SHOPPING_LIMITS.unitLength, `Units are limited to ${SHOPPING_LIMITS.unitLength} characters`)), ''),
  recipeTitle: v.optional(
    v.nullable(v.pipe(v.string('Recipe title must be text'), v.trim(), v.maxLength(SHOPPING_LIMITS.recipeTitleLength, `Recipe titles are limited to ${SHOPPING_LIMITS.recipeTitleLength} characters`))),
    null,
  ),
  category: v.optional(v.picklist(SHOPPING_CATEGORIES, `Category must be one of: ${SHOPPING_CATEGORIES.join(', ')}`)),
}, objectMessage({ ingredient: 'Each item needs an ingredient' }));

/** POST /api/shopping-list/items */
export const AddShoppingItemsRequest = v.object({
  items: v.pipe(
    v.array(ShoppingItemInput, 'items must be a list'),
    v.minLength(1, 'Add at least one item'),
    v.maxLength(SHOPPING_LIMITS.itemsPerRequest, `At most ${SHOPPING_LIMITS.itemsPerRequest} items at a time`),
  ),
}, objectMessage({ items: 'Add at least one item' }));

/** PATCH or PUT /api/shopping-list/items/{id} */
export const CheckShoppingItemRequest = v.object(
  { checked: v.boolean('checked must be true or false') },
  objectMessage({ checked: 'checked must be true or false' }),
);

export type ShoppingItemInput = v.InferOutput<typeof ShoppingItemInput>;

/** A stored shopping-list item as the API returns it. */
export interface ShoppingItem {
  id: number;
  ingredient: string;
  amount: number | null;
  unit: string;
  recipeTitle: string | null;
  checked: boolean;
  category: ShoppingCategory;
}
