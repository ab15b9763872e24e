import { ingredientToItem } from './shopping/ingredient-item.ts';
import { singular } from './step-ingredients.ts';

// "Cook with what I have": which of a recipe's ingredients the cook has, by name ("eggs" has
// "4 large eggs"; "cheese" has "50 g grated cheddar cheese"), and what is missing. Salt, pepper,
// water and oil are taken as in every kitchen and never listed as missing.

/** Foods every kitchen is taken to have. */
const STAPLES =
  /^(?:(?:sea |kosher |fine |flaky )?salt|(?:freshly ground |ground )?(?:black |white )?pepper|water|ice|(?:olive|vegetable|sunflower|neutral|rapeseed) oil|oil)(?: and (?:freshly ground |ground )?(?:black )?pepper)?$/;

export interface PantryMatch {
  /** How many of the recipe's ingredients the cook has. */
  have: number;
  /** The names of the ingredients the cook lacks (staples left out). */
  missing: string[];
}

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}]+(?:['’-][\p{L}]+)*/gu) ?? []).map(singular);

/** True when every word of `wanted` is among `words` ("cheese" ⊂ "grated cheddar cheese"). */
function names(words: ReadonlySet<string>, wanted: string[]): boolean {
  return wanted.length > 0 && wanted.every((w) => words.has(w));
}

/** The cook's list against a recipe's ingredient lines. */
export function pantryMatch(lines: readonly string[], have: readonly string[]): PantryMatch {
  const wanted = have.map(wordsOf).filter((w) => w.length > 0);
  let count = 0;
  const missing: string[] = [];
  for (const line of lines) {
    // A line's words are read once for all the cook's ingredients; its name (the parser, the
    // costly part) only for a line the cook lacks.
    const words = new Set(wordsOf(line));
    if (wanted.some((w) => names(words, w))) {
      count++;
      continue;
    }
    const name = ingredientToItem(line, 1, null)?.ingredient ?? line;
    if (
      !STAPLES.test(
        name
          .toLowerCase()
          .replace(/\s*\([^)]*\)/g, '')
          .trim(),
      )
    )
      missing.push(name);
  }
  return { have: count, missing };
}

/** Most ingredients had first, then fewest missing; the order the recipes came in breaks ties. */
export function byPantryMatch<T extends { pantry: PantryMatch }>(a: T, b: T): number {
  return b.pantry.have - a.pantry.have || a.pantry.missing.length - b.pantry.missing.length;
}
