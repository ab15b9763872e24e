import * as v from 'valibot';
import { objectMessage } from './messages.ts';
import { SHOPPING_CATEGORIES } from '../shopping/categories.ts';

// The shopping list's payloads. The browser parses amounts and units
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

export const ShoppingItemInputSchema = v.object(
  {
    ingredient: v.pipe(
      v.string('Each item needs an ingredient'),
      v.trim(),
      v.nonEmpty('Each item needs an ingredient'),
      v.maxLength(
        SHOPPING_LIMITS.ingredientLength,
        `Ingredient names are limited to ${SHOPPING_LIMITS.ingredientLength} characters`,
      ),
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
    unit: v.optional(
      v.pipe(
        v.string('Unit must be text'),
        v.trim(),
        v.maxLength(
          SHOPPING_LIMITS.unitLength,
          `Units are limited to ${SHOPPING_LIMITS.unitLength} characters`,
        ),
      ),
      '',
    ),
    recipeTitle: v.optional(
      v.nullable(
        v.pipe(
          v.string('Recipe title must be text'),
          v.trim(),
          v.maxLength(
            SHOPPING_LIMITS.recipeTitleLength,
            `Recipe titles are limited to ${SHOPPING_LIMITS.recipeTitleLength} characters`,
          ),
        ),
      ),
      null,
    ),
    category: v.optional(
      v.picklist(SHOPPING_CATEGORIES, `Category must be one of: ${SHOPPING_CATEGORIES.join(', ')}`),
    ),
  },
  objectMessage({ ingredient: 'Each item needs an ingredient' }),
);

/** POST /api/shopping-list/items */
export const AddShoppingItemsInputSchema = v.object(
  {
    items: v.pipe(
      v.array(ShoppingItemInputSchema, 'items must be a list'),
      v.minLength(1, 'Add at least one item'),
      v.maxLength(
        SHOPPING_LIMITS.itemsPerRequest,
        `At most ${SHOPPING_LIMITS.itemsPerRequest} items at a time`,
      ),
    ),
  },
  objectMessage({ items: 'Add at least one item' }),
);

/** PATCH or PUT /api/shopping-list/items/{id} */
export const CheckShoppingItemInputSchema = v.object(
  { checked: v.boolean('checked must be true or false') },
  objectMessage({ checked: 'checked must be true or false' }),
);

/** One item as a client sends it. */
export type ShoppingItemInput = v.InferInput<typeof ShoppingItemInputSchema>;
/** One validated item (defaults applied, text trimmed): what the service merges and stores. */
export type ShoppingItemValues = v.InferOutput<typeof ShoppingItemInputSchema>;
export type AddShoppingItemsInput = v.InferInput<typeof AddShoppingItemsInputSchema>;
export type CheckShoppingItemInput = v.InferInput<typeof CheckShoppingItemInputSchema>;

/** A stored shopping-list item as the API returns it. */
export const ShoppingItemSchema = v.object({
  id: v.number(),
  ingredient: v.string(),
  amount: v.nullable(v.number()),
  unit: v.string(),
  recipeTitle: v.nullable(v.string()),
  checked: v.boolean(),
  category: v.picklist(SHOPPING_CATEGORIES),
});
export type ShoppingItem = v.InferOutput<typeof ShoppingItemSchema>;
