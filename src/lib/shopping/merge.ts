import { SHOPPING_LIMITS } from '../schemas/shopping-item.ts';

// How shopping-list lines merge: one rule for the server (functions/_shared/services/shopping.ts)
// and the offline queue in the browser (src/islands/shopping/pending-ops.ts), so a line added
// offline lands where the server will put it.

/** "Cups" and "cup", "Tbsp." and "tbsp" are one unit for merging. */
export function unitKey(unit: string): string {
  const u = unit.toLowerCase().trim().replace(/\.$/, '');
  return u.length > 2 && u.endsWith('s') && !u.endsWith('ss') ? u.slice(0, -1) : u;
}

/** The identity of a line: the ingredient and unit, case and spacing ignored. */
export function mergeKey(ingredient: string, unit: string): string {
  return `${ingredient.toLowerCase().replace(/\s+/g, ' ').trim()}\u0000${unitKey(unit)}`;
}

/** Sum of two amounts; an unknown amount ("salt to taste") adds nothing. 3 decimals, as stored. */
export function addAmounts(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.round((a + b) * 1000) / 1000;
}

/** The recipes a merged line came from, "Pasta, Soup", as long as it fits the column's limit. */
export function mergeTitles(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b || a.split(', ').includes(b)) return a;
  const joined = `${a}, ${b}`;
  return joined.length <= SHOPPING_LIMITS.recipeTitleLength ? joined : a;
}
