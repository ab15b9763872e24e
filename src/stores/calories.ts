import { atom } from 'nanostores';
import { api, ApiRequestError } from '../lib/api/client.ts';
import { fieldErrors } from '../lib/schemas/issues.ts';
import {
  CALORIE_GOAL,
  CalorieEntryInputSchema,
  CalorieGoalInputSchema,
  MEAL_TYPES,
  type CalorieEntry,
  type CalorieEntryInput,
  type MealType,
} from '../lib/schemas/calorie-entry.ts';
import type { Recipe } from '../lib/schemas/recipe.ts';
import { onLogout } from './session.ts';

// The calorie tracker: one day's entries of the signed-in user, their total
// against the daily goal (1000–5000, default 2000, kept on the server per user), adding and
// deleting entries. Calories are computed by the server from the recipe; the dialog's preview
// uses the same rule (per-serving calories × servings, rounded).

export interface CalorieDayState {
  /** The day shown, YYYY-MM-DD in the user's own time zone; '' before the first load. */
  date: string;
  entries: CalorieEntry[];
  goal: number;
  /** The goal came from the account (not the default shown before the first answer). */
  goalKnown: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the day could not be loaded. */
  error: string | null;
}

const IDLE: CalorieDayState = {
  date: '',
  entries: [],
  goal: CALORIE_GOAL.default,
  goalKnown: false,
  status: 'idle',
  error: null,
};

export const $calorieDay = atom<CalorieDayState>(IDLE);

/** A recipe as the add-entry picker offers it. */
export type RecipeOption = Pick<Recipe, 'id' | 'title' | 'calories'>;

/** Recipes for the picker (public data, loaded once per page); undefined until loaded. */
export const $recipeOptions = atom<RecipeOption[] | undefined>(undefined);

/** How many recipes the picker offers (GET /api/recipes?limit=100). */
export const PICKER_LIMIT = 100;

/** A date as YYYY-MM-DD in the browser's time zone (toISOString would give the UTC day). */
export function localDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What an entry adds: the recipe's calories per serving × servings, rounded as the server does. */
export function entryCalories(caloriesPerServing: number, servings: number): number {
  return Math.round(caloriesPerServing * servings);
}

export function dayTotal(entries: readonly CalorieEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.calories, 0);
}

export interface MealGroup {
  mealType: MealType;
  entries: CalorieEntry[];
  total: number;
}

/** The day's entries by meal, in the order breakfast, lunch, dinner, snack; empty meals left out. */
export function entriesByMeal(entries: readonly CalorieEntry[]): MealGroup[] {
  return MEAL_TYPES.map((mealType) => {
    const ofMeal = entries.filter((entry) => entry.mealType === mealType);
    return { mealType, entries: ofMeal, total: dayTotal(ofMeal) };
  }).filter((group) => group.entries.length > 0);
}

/** The meal a cook is most likely logging at this hour (the add-entry dialog's first choice). */
export function mealTypeAt(date: Date = new Date()): MealType {
  const hour = date.getHours();
  if (hour >= 4 && hour < 11) return 'breakfast';
  if (hour >= 11 && hour < 16) return 'lunch';
  if (hour >= 16 && hour < 22) return 'dinner';
  return 'snack';
}

/** The goal rule as a message ('Calorie goal must be between 1000 and 5000'), or undefined. */
export function goalError(goal: number): string | undefined {
  return fieldErrors(CalorieGoalInputSchema, { goal })?.['goal'];
}

/** The entry rules (a recipe chosen, servings 0.5–10 in steps of 0.5, a meal type), by field. */
export function entryErrors(input: CalorieEntryInput): Record<string, string> | undefined {
  return fieldErrors(CalorieEntryInputSchema, input);
}

// Answers for an earlier day or user are dropped: only the latest request may set the day.
let dayRequest = 0;

/** Loads the signed-in user's entries and goal for a day (YYYY-MM-DD). */
export async function loadCalorieDay(date: string): Promise<void> {
  const request = ++dayRequest;
  const current = $calorieDay.get();
  $calorieDay.set({
    ...current,
    date,
    entries: current.date === date ? current.entries : [],
    status: 'loading',
    error: null,
  });
  try {
    const day = await api.get('/api/calorie-tracking', { query: { date } });
    if (request !== dayRequest) return;
    $calorieDay.set({
      date: day.date,
      entries: day.entries,
      goal: day.goal,
      goalKnown: true,
      status: 'ready',
      error: null,
    });
  } catch (err) {
    if (request !== dayRequest) return;
    const message =
      err instanceof ApiRequestError && err.error
        ? err.error
        : 'Could not load your entries. Check your connection and try again.';
    $calorieDay.set({ ...$calorieDay.get(), status: 'error', error: message });
  }
}

/** Saves the daily goal; rejects with the goal message when out of range, or the server's error. */
export async function saveCalorieGoal(goal: number): Promise<number> {
  const invalid = goalError(goal);
  if (invalid) throw new RangeError(invalid);
  const saved = await api.put('/api/calorie-tracking/goal', { body: { goal } });
  $calorieDay.set({ ...$calorieDay.get(), goal: saved.goal, goalKnown: true });
  return saved.goal;
}

/** Adds an entry; it joins the day shown when it is for that day. Rejects with the server's error. */
export async function addCalorieEntry(input: CalorieEntryInput): Promise<CalorieEntry> {
  const entry = await api.post('/api/calorie-tracking', { body: input });
  const day = $calorieDay.get();
  if (day.date === entry.date && !day.entries.some((e) => e.id === entry.id)) {
    $calorieDay.set({ ...day, entries: [...day.entries, entry] });
  }
  return entry;
}

/** Deletes an entry of the day shown; rejects with the server's error. An entry already gone just leaves. */
export async function deleteCalorieEntry(id: number): Promise<void> {
  try {
    await api.delete('/api/calorie-tracking/:id', { params: { id } });
  } catch (err) {
    if (!(err instanceof ApiRequestError && err.status === 404)) throw err;
  }
  const day = $calorieDay.get();
  $calorieDay.set({ ...day, entries: day.entries.filter((e) => e.id !== id) });
}

let optionsLoading: Promise<RecipeOption[]> | undefined;

/** The picker's recipes, fetched once per page (a failed fetch may be tried again). */
export function loadRecipeOptions(): Promise<RecipeOption[]> {
  const known = $recipeOptions.get();
  if (known) return Promise.resolve(known);
  optionsLoading ??= api
    .get('/api/recipes', { query: { limit: PICKER_LIMIT } })
    .then((recipes) => {
      const options = recipes
        .map(({ id, title, calories }) => ({ id, title, calories }))
        .sort((a, b) => a.title.localeCompare(b.title));
      $recipeOptions.set(options);
      return options;
    })
    .finally(() => {
      optionsLoading = undefined;
    });
  return optionsLoading;
}

/** The picker's list with `recipe` in it (it may be older than the first hundred). */
export function withRecipe(
  options: readonly RecipeOption[],
  recipe: RecipeOption | undefined,
): RecipeOption[] {
  if (!recipe || options.some((o) => o.id === recipe.id)) return [...options];
  return [recipe, ...options];
}

onLogout(() => {
  dayRequest += 1;
  $calorieDay.set(IDLE);
});
