import * as v from 'valibot';
import { RecipeInputSchema, type RecipeInput } from '../../../lib/schemas/recipe.ts';
import { fittedStepIngredients } from '../../../lib/step-ingredients.ts';
import { type IngredientRow, NUTRIENTS, type RecipeDraft } from './recipe-draft.ts';

// The recipe form's draft in the API's shape (RecipeInput), not yet validated: the shared
// schema checks it, on the page (recipe-validation.ts) and on the server alike.

/** What the API stores for a row: { quantity, unit, item, note } without the empty parts. */
export interface IngredientRowInput {
  quantity?: string;
  unit?: string;
  item?: string;
  note?: string;
}

export function inputFromRow(row: IngredientRow): IngredientRowInput | null {
  const out: IngredientRowInput = {};
  for (const key of ['quantity', 'unit', 'item', 'note'] as const) {
    const value = row[key].trim();
    if (value) out[key] = value;
  }
  return Object.keys(out).length ? out : null;
}

/** A number field: the number, or the text itself so the schema reports it ('' → undefined). */
function num(text: string): number | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

function amount(text: string, unit: string): string | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  return /^\d+(\.\d+)?$/.test(t) ? `${t}${unit}` : t;
}

/**
 * The request body the form sends: the draft's fields in the API's shape, not yet validated
 * (a number typed as "abc" stays text, so the shared schema reports it with its own sentence).
 */
export type RecipeBody = Record<string, unknown>;

export function inputFromDraft(draft: RecipeDraft): RecipeBody {
  const sections = draft.sections
    .map((s) => ({
      name: s.name.trim(),
      lines: s.rows.map(inputFromRow).filter((r): r is IngredientRowInput => r !== null),
    }))
    .filter((s) => s.lines.length > 0);
  const named = sections.some((s) => s.name);
  let ingredients: unknown;
  if (!named) ingredients = sections.flatMap((s) => s.lines);
  else {
    const groups: Record<string, IngredientRowInput[]> = {};
    for (const s of sections) {
      const name = s.name || 'Ingredients';
      groups[name] = [...(groups[name] ?? []), ...s.lines];
    }
    ingredients = groups;
  }
  const nutrition: Record<string, unknown> = { calories: num(draft.calories) };
  for (const n of NUTRIENTS) {
    const value = amount(draft.nutrition[n.key], n.unit);
    if (value !== undefined || n.required) nutrition[n.key] = value ?? '';
  }
  const instructions = draft.steps.map((s) => s.text.trim()).filter(Boolean);
  const input: Record<string, unknown> = {
    title: draft.title,
    description: draft.description,
    summary: optional(draft.summary),
    image: draft.image.trim(),
    category: draft.category,
    cuisine: draft.cuisine,
    prepTime: num(draft.prepTime),
    cookTime: draft.noCooking ? 0 : num(draft.cookTime),
    noCooking: draft.noCooking || undefined,
    servings: num(draft.servings),
    difficulty: draft.difficulty,
    calories: num(draft.calories),
    nutrition,
    ingredients,
    instructions,
    tags: draft.tags,
    faqs: draft.faqs
      .filter((f) => f.question.trim() || f.answer.trim())
      .map((f) => ({ question: f.question, answer: f.answer })),
    videoUrl: optional(draft.videoUrl),
    videoThumbnail: optional(draft.videoThumbnail),
    videoDuration: num(draft.videoDuration),
    stepIngredients: fittedStepIngredients(draft.stepIngredients, { steps: instructions, ingredients }),
    diets: draft.diets,
    dietsByHand: draft.diets !== null,
  };
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return input;
}
/** The draft as the API's RecipeInput when the shared schema accepts it, else null. */
export function recipeInputOf(draft: RecipeDraft): RecipeInput | null {
  const input = inputFromDraft(draft);
  return v.is(RecipeInputSchema, input) ? input : null;
}
