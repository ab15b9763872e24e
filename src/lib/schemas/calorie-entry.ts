import * as v from 'valibot';
import { MAX_ID, wholeNumber } from './fields.ts';
import { objectMessage } from './messages.ts';

// The calorie tracker's payloads: a daily goal of 1000–5000 (default 2000) and
// entries of 0.5–10 servings in steps of 0.5 for one of four meal types.

export const CALORIE_GOAL = { min: 1000, max: 5000, default: 2000 } as const;
export const ENTRY_SERVINGS = { min: 0.5, max: 10, step: 0.5, default: 1 } as const;
export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const CALORIE_MESSAGES = {
  date: 'Date must be a real date written YYYY-MM-DD',
  recipe: 'Please select a recipe',
  servingsRange: 'Servings must be between 0.5 and 10',
  servingsStep: 'Servings go in steps of 0.5',
  mealType: 'Meal type must be breakfast, lunch, dinner or snack',
  goal: 'Calorie goal must be between 1000 and 5000',
} as const;

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30), between 2000 and 2100. */
export const IsoDate = v.pipe(
  v.string(CALORIE_MESSAGES.date),
  v.check((s) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === s &&
      s >= '2000-01-01' &&
      s <= '2100-12-31'
    );
  }, CALORIE_MESSAGES.date),
);

/** POST /api/calorie-tracking */
export const CalorieEntryInputSchema = v.object(
  {
    date: IsoDate,
    recipeId: wholeNumber(CALORIE_MESSAGES.recipe, 1, MAX_ID),
    servings: v.optional(
      v.pipe(
        v.number(CALORIE_MESSAGES.servingsRange),
        v.minValue(ENTRY_SERVINGS.min, CALORIE_MESSAGES.servingsRange),
        v.maxValue(ENTRY_SERVINGS.max, CALORIE_MESSAGES.servingsRange),
        v.check((n) => Number.isInteger(n / ENTRY_SERVINGS.step), CALORIE_MESSAGES.servingsStep),
      ),
      ENTRY_SERVINGS.default,
    ),
    mealType: v.picklist(MEAL_TYPES, CALORIE_MESSAGES.mealType),
  },
  objectMessage({
    date: CALORIE_MESSAGES.date,
    recipeId: CALORIE_MESSAGES.recipe,
    mealType: CALORIE_MESSAGES.mealType,
  }),
);

/** PUT /api/calorie-tracking/goal */
export const CalorieGoalInputSchema = v.object(
  {
    goal: wholeNumber(CALORIE_MESSAGES.goal, CALORIE_GOAL.min, CALORIE_GOAL.max),
  },
  objectMessage({ goal: CALORIE_MESSAGES.goal }),
);

export type CalorieEntryInput = v.InferInput<typeof CalorieEntryInputSchema>;
/** A validated entry request (servings defaulted). */
export type CalorieEntryValues = v.InferOutput<typeof CalorieEntryInputSchema>;

export type CalorieGoalInput = v.InferInput<typeof CalorieGoalInputSchema>;

/** One calorie entry. */
export const CalorieEntrySchema = v.object({
  id: v.number(),
  date: v.string(),
  recipeId: v.nullable(v.number()),
  recipeName: v.string(),
  servings: v.number(),
  calories: v.number(),
  mealType: v.picklist(MEAL_TYPES),
  createdAt: v.string(),
});
export type CalorieEntry = v.InferOutput<typeof CalorieEntrySchema>;

/** GET /api/calorie-tracking?date=…: the caller's entries of that day, their total and the goal. */
export const CalorieDaySchema = v.object({
  date: v.string(),
  entries: v.array(CalorieEntrySchema),
  total: v.number(),
  goal: v.number(),
});
export type CalorieDay = v.InferOutput<typeof CalorieDaySchema>;

/** GET and PUT /api/calorie-tracking/goal answer the goal in force. */
export const CalorieGoalSchema = v.object({ goal: v.number() });
export type CalorieGoal = v.InferOutput<typeof CalorieGoalSchema>;
