import { api } from '../../../lib/api/client.ts';
import type { MealType } from '../../../lib/schemas/calorie-entry.ts';
import type { PlanEntry } from '../../../lib/schemas/meal-plan.ts';

// The plan page's writes, shared by its pointer (drag and drop) and keyboard (Move or copy…)
// paths, so both do exactly the same thing.

export interface Slot {
  day: string;
  meal: MealType;
}

export function moveEntry(entry: PlanEntry, to: Slot): Promise<PlanEntry> {
  return api.patch('/api/plan/entries/:id', {
    params: { id: entry.id },
    body: { day: to.day, meal: to.meal },
  });
}

export function copyEntry(entry: PlanEntry, to: Slot): Promise<PlanEntry> {
  return api.post('/api/plan/entries', {
    body: { recipeId: entry.recipeId, day: to.day, meal: to.meal, servings: entry.servings },
  });
}
