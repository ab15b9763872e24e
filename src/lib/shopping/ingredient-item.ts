import { parseIngredientLine, readShoppingUnit } from '../ingredient-line.ts';
import { roundAmount } from '../quantities.ts';
import { allIngredientLines } from '../recipe-text.ts';
import type { Recipe } from '../schemas/recipe.ts';
import { SHOPPING_LIMITS, type ShoppingItemValues } from '../schemas/shopping-item.ts';

// A recipe's ingredient lines as shopping-list items: the amount at the chosen scale, the unit
// and the ingredient's name ("1 1/2 cups flour, sifted" × 2 → 3, "cups", "flour"). Preparation
// notes after a comma are dropped, so "onion, chopped" and "onion, sliced" become one line to buy.

/** Units written the metric way: their amounts are decimals, never fractions. */
const METRIC_UNIT =
  /^(?:g|kg|mg|ml|cl|dl|l|grams?|grammes?|kilograms?|kilos?|milligrams?|(?:milli|centi|deci)?lit(?:re|er)s?)$/i;

export function isMetricUnit(unit: string): boolean {
  return METRIC_UNIT.test(unit.trim().replace(/\.$/, ''));
}

/**
 * The thing to buy: preparation notes after a comma, "(optional)" and "to taste" dropped, a
 * leading size note moved to the end ("(400 g) chopped tomatoes" → "chopped tomatoes (400 g)").
 */
function ingredientName(text: string): string {
  const tidy = (s: string) =>
    s
      .replace(/\(optional\)/gi, '')
      .replace(/\s+/g, ' ')
      .replace(/^of\s+/i, '')
      .replace(/[\s,;:.-]+$/, '')
      .trim();
  const withoutNotes = tidy(text.split(',')[0] ?? '').replace(/\s+to taste$/i, '');
  const name = withoutNotes || tidy(text);
  const sized = /^(\([^)]*\))\s*(.+)$/.exec(name);
  return sized ? `${sized[2]} ${sized[1]}` : name;
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : text.slice(0, length).trimEnd();
}

/**
 * One ingredient line as an item to buy, its amount multiplied by `factor`. A line that starts
 * with no number ("Salt to taste") has no amount; a range ("2-3 cloves") counts its upper end,
 * since that is what the cook may need.
 */
export function ingredientToItem(
  line: string,
  factor: number,
  recipeTitle: string | null,
): ShoppingItemValues | null {
  const text = line.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  // "4 cloves" alone (the spice): the word is the ingredient, not a unit.
  const { quantity, sizeNote, unit, rest } = parseIngredientLine(text, readShoppingUnit, (after) =>
    Boolean(ingredientName(after)),
  );
  let amount: number | null = null;
  if (quantity) {
    const needed = (quantity.upper ?? quantity.value) * (factor > 0 && Number.isFinite(factor) ? factor : 1);
    const rounded = roundAmount(needed, isMetricUnit(unit) ? 'decimal' : 'fraction');
    amount = rounded > 0 ? Math.min(rounded, SHOPPING_LIMITS.maxAmount) : null;
  }
  // "1 (14 oz) can tomatoes": the can's size stays with what to buy.
  const name = [ingredientName(rest), sizeNote].filter(Boolean).join(' ');
  const ingredient = clip(name || text, SHOPPING_LIMITS.ingredientLength);
  if (!ingredient) return null;
  return {
    ingredient,
    amount,
    unit: clip(unit, SHOPPING_LIMITS.unitLength),
    recipeTitle:
      recipeTitle === null ? null : clip(recipeTitle.trim(), SHOPPING_LIMITS.recipeTitleLength) || null,
  };
}

/** What the shopping list needs of a recipe. */
export type ShoppingRecipe = Pick<Recipe, 'id' | 'title' | 'servings' | 'ingredients'>;

/** Servings to shop for: a whole number, never below 1. */
export function shoppingServings(servings: number): number {
  return Number.isFinite(servings) ? Math.max(1, Math.round(servings)) : 1;
}

/** All of a recipe's ingredients as items at `servings` (the recipe's own count when unknown). */
export function recipeToItems(recipe: ShoppingRecipe, servings: number): ShoppingItemValues[] {
  const wanted = shoppingServings(servings);
  const factor = recipe.servings > 0 ? wanted / recipe.servings : 1;
  return allIngredientLines(recipe.ingredients)
    .map((line) => ingredientToItem(line, factor, recipe.title))
    .filter((item): item is ShoppingItemValues => item !== null)
    .slice(0, SHOPPING_LIMITS.itemsPerRequest);
}
