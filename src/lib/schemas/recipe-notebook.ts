import * as v from 'valibot';
import { wholeNumber } from './fields.ts';
import { IsoDate } from './calorie-entry.ts';
import { objectMessage } from './messages.ts';

// A cook's private page of a recipe: their note and the times they cooked it. Neither is ever
// part of the public page or its JSON-LD; only the cook reads them, through the API.

export const NOTEBOOK_LIMITS = {
  noteLength: 2000,
  /** Servings of one cooking or one plan entry. */
  maxServings: 24,
  /** Cooking log entries one cook may keep. */
  cookingLogPerUser: 10_000,
} as const;

/** PUT /api/recipes/{id}/note: an empty note removes it. */
export const NoteInputSchema = v.object(
  {
    body: v.pipe(
      v.string('The note must be text'),
      // Line breaks are kept; only the ends are trimmed.
      v.transform((s) => s.trim()),
      v.maxLength(
        NOTEBOOK_LIMITS.noteLength,
        `Notes are limited to ${NOTEBOOK_LIMITS.noteLength.toLocaleString('en')} characters`,
      ),
    ),
  },
  objectMessage({ body: 'The note must be text' }),
);

/** Whole servings from 1 to 24. */
export const Servings = wholeNumber(
  'Servings must be a whole number from 1 to 24',
  1,
  NOTEBOOK_LIMITS.maxServings,
);

/** POST /api/recipes/{id}/cooked: the cook's own date (their calendar, not the server's). */
export const CookedInputSchema = v.object(
  { cookedOn: IsoDate, servings: v.optional(v.nullable(Servings), null) },
  objectMessage({ cookedOn: 'Please choose the day you cooked it' }),
);

export type NoteInput = v.InferInput<typeof NoteInputSchema>;
export type CookedInput = v.InferInput<typeof CookedInputSchema>;

export interface RecipeNote {
  body: string;
  updatedAt: string;
}

export interface CookedSummary {
  count: number;
  /** YYYY-MM-DD of the latest time, null when never cooked. */
  lastOn: string | null;
}

/** GET /api/recipes/{id}/notebook: what the signed-in cook keeps on this recipe. */
export interface RecipeNotebook {
  note: RecipeNote | null;
  cooked: CookedSummary;
}

/** One line of the cook's cooking log. */
export interface CookingLogEntry {
  id: number;
  recipeId: number;
  recipeTitle: string;
  recipeSlug: string;
  cookedOn: string;
  servings: number | null;
}
