import { recipeToItems, type ShoppingRecipe } from '../shopping/ingredient-item.ts';
import { categorizeIngredient } from '../shopping/categories.ts';
import { addAmounts, mergeKey } from '../shopping/merge.ts';
import type { ShoppingCategory } from '../shopping/categories.ts';

// What a meal plan puts on the shopping list. Each entry's recipe is scaled to that entry's
// servings and read line by line exactly as the recipe page's "Add to shopping list" reads it;
// lines of one entry that name the same thing in the same unit ("1 onion, diced" and "1 onion,
// sliced") become one share. A share is what one entry contributes to one line of the list;
// the list merges shares by the same rule as any other addition (ingredient and unit, case,
// spacing and plurals of units ignored), so two dinners needing onions make one onion line.

/**
 * A line's identity as the plan stores it: the list's merge key with a unit separator instead
 * of its NUL (which PostgreSQL text cannot hold).
 */
export const lineKey = (ingredient: string, unit: string): string =>
  mergeKey(ingredient, unit).replace('\u0000', '\u001f');

export interface PlanEntryForList {
  entryId: number;
  servings: number;
  recipe: ShoppingRecipe;
}

/** One entry's share of one line to buy. */
export interface PlanShare {
  entryId: number;
  key: string;
  ingredient: string;
  unit: string;
  amount: number | null;
  recipeTitle: string;
  category: ShoppingCategory;
}

/** Every entry's shares, one per entry and line. */
export function planShares(entries: PlanEntryForList[]): PlanShare[] {
  const shares: PlanShare[] = [];
  for (const entry of entries) {
    const byKey = new Map<string, PlanShare>();
    for (const item of recipeToItems(entry.recipe, entry.servings)) {
      const key = lineKey(item.ingredient, item.unit);
      // Three decimals, as the list stores amounts: a share of 1 1/3 is recorded as 1.333, so
      // the next "add the week" sees it is already there.
      const amount = item.amount === null ? null : Math.round(item.amount * 1000) / 1000;
      const known = byKey.get(key);
      if (known) {
        known.amount = addAmounts(known.amount, amount);
        continue;
      }
      byKey.set(key, {
        entryId: entry.entryId,
        key,
        ingredient: item.ingredient,
        unit: item.unit,
        amount,
        recipeTitle: entry.recipe.title,
        category: item.category ?? categorizeIngredient(item.ingredient),
      });
    }
    shares.push(...byKey.values());
  }
  return shares;
}

/** A line of the list as the plan makes it: summed amount and the recipes that need it. */
export interface PlannedLine {
  key: string;
  ingredient: string;
  unit: string;
  amount: number | null;
  recipes: string[];
  category: ShoppingCategory;
}

/** The shares merged into lines, in first-seen order (what a fresh list would show). */
export function mergeShares(shares: PlanShare[]): PlannedLine[] {
  const lines = new Map<string, PlannedLine>();
  for (const share of shares) {
    const line = lines.get(share.key);
    if (!line) {
      lines.set(share.key, {
        key: share.key,
        ingredient: share.ingredient,
        unit: share.unit,
        amount: share.amount,
        recipes: [share.recipeTitle],
        category: share.category,
      });
      continue;
    }
    line.amount = addAmounts(line.amount, share.amount);
    if (!line.recipes.includes(share.recipeTitle)) line.recipes.push(share.recipeTitle);
  }
  return [...lines.values()];
}
