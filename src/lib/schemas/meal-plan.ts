import * as v from 'valibot';
import { MAX_ID, wholeNumber } from './fields.ts';
import { IsoDate, MEAL_TYPES, type MealType } from './calorie-entry.ts';
import { objectMessage } from './messages.ts';
import { Servings } from './recipe-notebook.ts';
import type { ShoppingItem } from './shopping-item.ts';

// A cook's meal plan: recipes on a day (weeks start on Monday) and a meal, with servings.

export const PLAN_LIMITS = {
  /** Recipes on one meal of one day. */
  perMeal: 6,
  /** Entries one cook may keep in all. */
  perUser: 5000,
} as const;

const Meal = v.picklist(MEAL_TYPES, `Meal must be one of: ${MEAL_TYPES.join(', ')}`);
const RecipeId = wholeNumber('Please choose a recipe', 1, MAX_ID);

/** POST /api/plan/entries */
export const PlanEntryInputSchema = v.object(
  { recipeId: RecipeId, day: IsoDate, meal: Meal, servings: Servings },
  objectMessage({
    recipeId: 'Please choose a recipe',
    day: 'Please choose a day',
    meal: 'Please choose a meal',
    servings: 'Servings must be a whole number from 1 to 24',
  }),
);

/** PATCH /api/plan/entries/{id}: new servings, or another day and meal (a move). */
export const PlanEntryUpdateSchema = v.pipe(
  v.object(
    { day: v.optional(IsoDate), meal: v.optional(Meal), servings: v.optional(Servings) },
    objectMessage({}),
  ),
  v.check(
    (u) => u.day !== undefined || u.meal !== undefined || u.servings !== undefined,
    'Change the day, the meal or the servings',
  ),
);

/** POST /api/plan/shopping-list: the week (its Monday, or any day of it). */
export const PlanWeekInputSchema = v.object(
  { week: IsoDate },
  objectMessage({ week: 'Please choose a week' }),
);

export type PlanEntryInput = v.InferInput<typeof PlanEntryInputSchema>;
export type PlanEntryUpdate = v.InferInput<typeof PlanEntryUpdateSchema>;

export interface PlanEntry {
  id: number;
  recipeId: number;
  recipeTitle: string;
  recipeSlug: string;
  /** The recipe's own servings (what its amounts are written for). */
  recipeServings: number;
  day: string;
  meal: MealType;
  servings: number;
  /** True when some of its ingredients are on the shopping list because of this entry. */
  onList: boolean;
}

export interface PlanWeek {
  /** The Monday. */
  weekStart: string;
  entries: PlanEntry[];
}

export interface PlanListResult {
  /** Entries whose ingredients were added or brought up to date. */
  entriesAdded: number;
  /** Lines added or changed. */
  linesChanged: number;
  items: ShoppingItem[];
}
