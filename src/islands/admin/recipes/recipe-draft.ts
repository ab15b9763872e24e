import { parseIngredientLine, readFormUnit } from '../../../lib/ingredient-line.ts';
import { instructionTexts } from '../../../lib/recipe-text.ts';
import type { Diet } from '../../../lib/diet-names.ts';
import {
  DIFFICULTIES,
  type Difficulty,
  type Recipe,
  type StepIngredients,
} from '../../../lib/schemas/recipe.ts';

// The recipe form's state: what a cook types (ingredient rows in named sections, steps, tags as
// chips, nutrition amounts as numbers), read from a stored recipe, and the small edits on it.

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
export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((d) => ({ value: d, label: d }));
