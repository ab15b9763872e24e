import * as v from 'valibot';
import { parseIngredientLine, readFormUnit } from '../../../lib/ingredient-line.ts';
import { instructionTexts } from '../../../lib/recipe-text.ts';
import type { Diet } from '../../../lib/diet-names.ts';
import { fittedStepIngredients } from '../../../lib/step-ingredients.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import {
  DIFFICULTIES,
  RecipeInputSchema,
  type Difficulty,
  type Recipe,
  type RecipeInput,
  type StepIngredients,
} from '../../../lib/schemas/recipe.ts';

// The recipe form's state (what a cook types: ingredient rows in named sections, steps, tags as
// chips, nutrition amounts as numbers) and its two translations: from a stored recipe, and into
// the API's RecipeInput, which is then checked with the shared schema.

let keySeed = 0;
/** A key for list rows, stable while a row moves. */
export const rowKey = (): string => `r${++keySeed}`;

export interface IngredientRow {
  key: string;
  quantity: string;
  unit: string;
  item: string;
  note: string;
}

export interface IngredientSectionDraft {
  key: string;
  /** '' for the one unnamed list. */
  name: string;
  rows: IngredientRow[];
}

export interface StepDraft {
  key: string;
  text: string;
}

export interface FaqDraft {
  key: string;
  question: string;
  answer: string;
}

export const NUTRIENTS = [
  { key: 'protein', label: 'Protein', unit: 'g', required: true },
  { key: 'carbs', label: 'Carbohydrates', unit: 'g', required: true },
  { key: 'fat', label: 'Fat', unit: 'g', required: true },
  { key: 'fiber', label: 'Fiber', unit: 'g', required: false },
  { key: 'sugar', label: 'Sugar', unit: 'g', required: false },
  { key: 'sodium', label: 'Sodium', unit: 'mg', required: false },
  { key: 'saturatedFat', label: 'Saturated fat', unit: 'g', required: false },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'mg', required: false },
] as const;
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];

export interface RecipeDraft {
  title: string;
  description: string;
  summary: string;
  image: string;
  category: string;
  cuisine: string;
  prepTime: string;
  cookTime: string;
  /** A no-cook recipe (salads, overnight oats): cook time 0, the field hidden. */
  noCooking: boolean;
  servings: string;
  difficulty: Difficulty;
  calories: string;
  nutrition: Record<NutrientKey, string>;
  sections: IngredientSectionDraft[];
  steps: StepDraft[];
  tags: string[];
  faqs: FaqDraft[];
  videoUrl: string;
  videoThumbnail: string;
  videoDuration: string;
  /** The admin's step ingredients; null: matched automatically. */
  stepIngredients: StepIngredients | null;
  /** The diets set by hand; null: read from the ingredients when saved. */
  diets: Diet[] | null;
}

export const emptyRow = (): IngredientRow => ({ key: rowKey(), quantity: '', unit: '', item: '', note: '' });
export const emptyStep = (): StepDraft => ({ key: rowKey(), text: '' });

const emptyNutrition = (): Record<NutrientKey, string> =>
  Object.fromEntries(NUTRIENTS.map((n) => [n.key, ''])) as Record<NutrientKey, string>;

export function emptyDraft(): RecipeDraft {
  return {
    title: '',
    description: '',
    summary: '',
    image: '',
    category: '',
    cuisine: '',
    prepTime: '',
    cookTime: '',
    noCooking: false,
    servings: '4',
    difficulty: 'Easy',
    calories: '',
    nutrition: emptyNutrition(),
    sections: [{ key: rowKey(), name: '', rows: [emptyRow(), emptyRow(), emptyRow()] }],
    steps: [emptyStep(), emptyStep()],
    tags: [],
    faqs: [],
    videoUrl: '',
    videoThumbnail: '',
    videoDuration: '',
    stepIngredients: null,
    diets: null,
  };
}

/** "1 1/2 cups flour, sifted" → quantity "1 1/2", unit "cups", item "flour", note "sifted". */
export function rowFromLine(line: string): IngredientRow {
  const { quantity, unit, item, note } = parseIngredientLine(line, readFormUnit);
  return { ...emptyRow(), quantity: quantity ? quantity.text.trim() : '', unit, item, note };
}

/** The line a row stands for: "1 1/2 cups flour, sifted" ('' for an empty row). */
export function lineFromRow(row: IngredientRow): string {
  const main = [row.quantity, row.unit, row.item]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  const note = row.note.trim();
  if (!main) return note;
  return note ? `${main}, ${note}` : main;
}

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** "42g" → "42" (the form shows the unit beside the field). */
const amountText = (s: string | undefined) => (s ?? '').replace(/\s?m?g$/i, '').trim();

/** A stored ingredient (a line of text or a row object) as a form row. */
export function rowFromIngredient(line: unknown): IngredientRow {
  if (typeof line === 'string') return rowFromLine(line);
  if (!line || typeof line !== 'object') return emptyRow();
  const o = line as Record<string, unknown>;
  const str = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
  if (o.unit === undefined && o.note === undefined && o.item === undefined && typeof o.name === 'string')
    // { name, measurement } or { quantity, name }: read it as the line it stands for.
    return rowFromLine([str(o.quantity ?? o.measurement), str(o.name)].filter(Boolean).join(' '));
  return {
    key: rowKey(),
    quantity: str(o.quantity ?? o.measurement),
    unit: str(o.unit),
    item: str(o.item ?? o.name),
    note: str(o.note),
  };
}

/** The ingredient sections of a stored recipe (any stored shape, a JSON string included). */
export function sectionsFromIngredients(value: unknown): IngredientSectionDraft[] {
  let data = value;
  if (typeof data === 'string')
    try {
      data = JSON.parse(data);
    } catch {
      data = [];
    }
  const section = (name: string, list: unknown[]) => ({
    key: rowKey(),
    name,
    rows: list.length ? list.map(rowFromIngredient) : [emptyRow()],
  });
  if (Array.isArray(data)) return [section('', data)];
  if (data && typeof data === 'object')
    return Object.entries(data as Record<string, unknown>)
      .filter(([, list]) => Array.isArray(list))
      .map(([name, list]) => section(name, list as unknown[]));
  return [];
}

export function draftFromRecipe(recipe: Recipe): RecipeDraft {
  const sections = sectionsFromIngredients(recipe.ingredients);
  const nutrition = emptyNutrition();
  for (const n of NUTRIENTS) nutrition[n.key] = amountText(recipe.nutrition[n.key]);
  return {
    title: recipe.title,
    description: recipe.description,
    summary: recipe.summary ?? '',
    image: recipe.image ?? '',
    category: recipe.category,
    cuisine: recipe.cuisine,
    prepTime: numberText(recipe.prepTime),
    cookTime: recipe.cookTime > 0 ? numberText(recipe.cookTime) : '',
    noCooking: recipe.cookTime === 0,
    servings: numberText(recipe.servings),
    difficulty: recipe.difficulty,
    calories: numberText(recipe.calories),
    nutrition,
    sections: sections.length ? sections : emptyDraft().sections,
    steps: (instructionTexts(recipe.instructions) ?? ['']).map((text) => ({ key: rowKey(), text })),
    tags: [...recipe.tags],
    faqs: recipe.faqs.map((f) => ({ key: rowKey(), ...f })),
    videoUrl: recipe.videoUrl ?? '',
    videoThumbnail: recipe.videoThumbnail ?? '',
    videoDuration: numberText(recipe.videoDuration),
    stepIngredients: recipe.stepIngredients,
    diets: recipe.dietsByHand ? [...recipe.diets] : null,
  };
}

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

/** Turns a tag typed by the cook into the stored form (trimmed, lower case), '' when empty. */
export const normalTag = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Adds the tags in `text` (comma-separated), ignoring empty ones and repeats. */
export function addTags(tags: readonly string[], text: string): string[] {
  const next = [...tags];
  for (const part of text.split(',')) {
    const tag = normalTag(part);
    if (tag && !next.includes(tag)) next.push(tag);
  }
  return next;
}

/** The API payload the draft stands for (empty rows and steps left out). */
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

/**
 * The recipe form's sentences ('Title is required', …), for the cases where the shared schema's own message is
 * a generic one (a field left empty, a number missing).
 */
const REQUIRED_MESSAGES: Record<string, string> = {
  title: 'Title is required',
  description: 'Description is required',
  category: 'Category is required',
  cuisine: 'Cuisine is required',
  prepTime: 'Prep time must be at least 1 minute',
  cookTime: 'Cook time must be at least 1 minute',
  servings: 'Servings must be at least 1',
  calories: 'Calories must be at least 1',
  ingredients: 'Add at least one ingredient',
  instructions: 'Add at least one instruction',
  tags: 'Add at least one tag',
  image: 'Must be a valid URL',
};

const GENERIC = /^(Invalid|Must not be empty)/;

/** Whether an image field's text may be sent: empty (the default image), a site path or an http(s) URL. */
export function imageLooksValid(text: string): boolean {
  const t = text.trim();
  if (!t || t.startsWith('/')) return true;
  try {
    const url = new URL(t);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The form's inline errors, keyed by field ("title", "nutrition.protein", "ingredients"), or {} when valid. */
/** The draft as the API's RecipeInput when the shared schema accepts it, else null. */
export function recipeInputOf(draft: RecipeDraft): RecipeInput | null {
  const input = inputFromDraft(draft);
  return v.is(RecipeInputSchema, input) ? input : null;
}

export function validateDraft(draft: RecipeDraft): Record<string, string> {
  const input = inputFromDraft(draft);
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(RecipeInputSchema, input) ?? {})) {
    // Ingredient and instruction problems are shown once, on their list.
    const top = path.split('.')[0] ?? path;
    const key = top === 'ingredients' || top === 'instructions' || top === 'tags' ? top : path;
    const own = REQUIRED_MESSAGES[key];
    errors[key] ??= own && (GENERIC.test(message) || isEmpty(input, key)) ? own : message;
  }
  // Cook time at least 1 minute, unless the recipe is marked as needing no cooking.
  const prep = Number(draft.prepTime);
  if (!errors.prepTime && !(prep >= 1)) errors.prepTime = REQUIRED_MESSAGES.prepTime!;
  if (!draft.noCooking && !errors.cookTime && !(Number(draft.cookTime) >= 1))
    errors.cookTime = REQUIRED_MESSAGES.cookTime!;
  if (!errors.calories && !(Number(draft.calories) >= 1)) errors.calories = REQUIRED_MESSAGES.calories!;
  if (!errors.image && !imageLooksValid(draft.image)) errors.image = REQUIRED_MESSAGES.image!;
  for (const n of NUTRIENTS)
    if (n.required && !draft.nutrition[n.key].trim()) errors[`nutrition.${n.key}`] = `${n.label} is required`;
  return errors;
}

function isEmpty(input: RecipeBody, key: string): boolean {
  const value = input[key];
  if (value === undefined || value === '') return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((d) => ({ value: d, label: d }));

/** Moves the item at `from` to `to` (both clamped), for reordering steps and rows. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The recipe the preview renders: the draft over defaults, so a half-filled form still shows. */
export function previewRecipe(draft: RecipeDraft, base?: Recipe): Recipe {
  const input = inputFromDraft(draft);
  const now = new Date().toISOString();
  const n = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  const prep = n(input.prepTime, 0);
  const cook = n(input.cookTime, 0);
  return {
    id: base?.id ?? 0,
    slug: base?.slug ?? 'preview',
    title: draft.title || 'Untitled recipe',
    description: draft.description,
    summary: draft.summary || null,
    image: draft.image || null,
    category: draft.category,
    cuisine: draft.cuisine,
    prepTime: prep,
    cookTime: cook,
    noCooking: cook === 0,
    totalTime: prep + cook,
    servings: n(input.servings, 1),
    difficulty: draft.difficulty,
    calories: n(input.calories, 0),
    nutrition: { ...(input.nutrition as Recipe['nutrition']), calories: n(input.calories, 0) },
    ingredients: previewIngredients(draft),
    instructions: input.instructions as Recipe['instructions'],
    rating: base?.rating ?? 0,
    averageRating: base?.averageRating ?? 0,
    reviewCount: base?.reviewCount ?? 0,
    faqs: (input.faqs ?? []) as Recipe['faqs'],
    tags: draft.tags,
    videoUrl: typeof input.videoUrl === 'string' ? input.videoUrl : null,
    videoThumbnail: typeof input.videoThumbnail === 'string' ? input.videoThumbnail : null,
    videoDuration: typeof input.videoDuration === 'number' ? input.videoDuration : null,
    stepIngredients: (input.stepIngredients as Recipe['stepIngredients'] | undefined) ?? null,
    diets: draft.diets ?? base?.diets ?? [],
    dietsByHand: draft.diets !== null,
    createdAt: base?.createdAt ?? now,
    updatedAt: now,
  };
}

/** Ingredients as lines of text, for the preview (the public renderer reads any stored shape). */
function previewIngredients(draft: RecipeDraft): Recipe['ingredients'] {
  const sections = draft.sections
    .map((s) => ({ name: s.name.trim(), lines: s.rows.map(lineFromRow).filter(Boolean) }))
    .filter((s) => s.lines.length > 0);
  if (!sections.some((s) => s.name)) return sections.flatMap((s) => s.lines);
  return Object.fromEntries(sections.map((s) => [s.name || 'Ingredients', s.lines]));
}
