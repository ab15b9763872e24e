import type { MealType } from '../schemas/calorie-entry.ts';

/** The meal plan's rows, as the cook reads them. */
export const MEAL_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};
