import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { isSiteUrl, URL_MESSAGE } from '../../../lib/schemas/fields.ts';
import { RecipeInputSchema } from '../../../lib/schemas/recipe.ts';
import { RECIPE_FIELD_MESSAGES } from '../../../lib/schemas/recipe-rules.ts';
import { NUTRIENTS, type RecipeDraft } from './recipe-draft.ts';
import { type RecipeBody, inputFromDraft } from './recipe-input.ts';

// The recipe form's inline errors: the shared schema's verdict on the draft, worded as the form
// words it, plus the checks only the form makes (a missing number, a nutrient left empty).

/**
 * The form's sentence of each required field (the schema's own), for the cases where the schema
 * reports a generic one (a field left empty, a number missing).
 */
const REQUIRED_MESSAGES: Record<string, string> = { ...RECIPE_FIELD_MESSAGES, image: URL_MESSAGE };

const GENERIC = /^(Invalid|Must not be empty)/;

/** Whether an image field's text may be sent: empty (the default image), a site path or an http(s) URL. */
export function imageLooksValid(text: string): boolean {
  const t = text.trim();
  return t === '' || isSiteUrl(t);
}

/** The form's inline errors, keyed by field ("title", "nutrition.protein", "ingredients"), or {} when valid. */
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
