import type { IngredientLine, Ingredients, InstructionStep } from './schemas/recipe.ts';

// Every ingredient and instruction format a recipe may store, normalised to plain text for display.

export interface IngredientSection {
  /** The section's name ("For the sauce"), or null for an ungrouped list. */
  name: string | null;
  items: string[];
}

/** One ingredient as a line of text: "2 cups flour", whatever shape it was stored in. */
export function ingredientText(line: IngredientLine): string {
  if (typeof line === 'string') return line.trim();
  const name = (line.item ?? line.name ?? '').trim();
  const amount = line.quantity !== undefined ? String(line.quantity).trim() : (line.measurement ?? '').trim();
  const note = (line.note ?? '').trim();
  const text = [amount, (line.unit ?? '').trim(), name].filter(Boolean).join(' ');
  return note ? `${text}, ${note}` : text;
}

/** Ingredients as sections; null when the data cannot be read ("Unable to display ingredients"). */
export function ingredientSections(value: unknown): IngredientSection[] | null {
  const data = typeof value === 'string' ? tryParse(value) : value;
  if (Array.isArray(data)) {
    const items = (data as IngredientLine[]).map(safeIngredient).filter((s): s is string => Boolean(s));
    return items.length ? [{ name: null, items }] : null;
  }
  if (data && typeof data === 'object') {
    const sections = Object.entries(data as Record<string, unknown>)
      .filter(([, list]) => Array.isArray(list))
      .map(([name, list]) => ({
        name,
        items: (list as IngredientLine[]).map(safeIngredient).filter((s): s is string => Boolean(s)),
      }))
      .filter((s) => s.items.length > 0);
    return sections.length ? sections : null;
  }
  return null;
}

/** Instructions as step texts; null when unreadable ("Unable to display instructions"). */
export function instructionTexts(value: unknown): string[] | null {
  const data = typeof value === 'string' ? tryParse(value) : value;
  if (!Array.isArray(data)) return null;
  const steps = (data as InstructionStep[])
    .map((step) => {
      if (typeof step === 'string') return step.trim();
      if (step && typeof step === 'object')
        return String(
          step.instruction ?? step.text ?? (typeof step.step === 'string' ? step.step : ''),
        ).trim();
      return '';
    })
    .filter(Boolean);
  return steps.length ? steps : null;
}

/** Every ingredient line, sections flattened. */
export function allIngredientLines(ingredients: Ingredients): string[] {
  return (ingredientSections(ingredients) ?? []).flatMap((s) => s.items);
}

function safeIngredient(line: unknown): string | null {
  if (typeof line === 'string' || (line && typeof line === 'object'))
    return ingredientText(line as IngredientLine) || null;
  return null;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
