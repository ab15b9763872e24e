import { ingredientForDisplay, type UnitSystem } from './unit-conversion.ts';

// How a step shows an ingredient it uses: the line without its preparation note ("60 g butter,
// softened" → "60 g butter"), at the step's share of it, scaled to the chosen servings and in the
// chosen unit system. Kept apart from the matching, so a page that receives the matches ready-made
// does not load the matcher.

/** The line up to its first comma outside brackets: the preparation note is the step's text. */
function withoutNote(line: string): string {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) return line.slice(0, i).trim() || line;
  }
  return line;
}

/** "half the sugar" (portion 0.5) of "200 g sugar" at double servings → "200 g sugar". */
export function stepIngredientText(
  line: string,
  portion: number,
  factor: number,
  system: UnitSystem,
): string {
  return ingredientForDisplay(withoutNote(line), factor * portion, system);
}
