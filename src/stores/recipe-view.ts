import { atom, map } from 'nanostores';
import type { UnitSystem } from '../lib/unit-conversion.ts';

// How the reader is viewing recipes, shared by the islands of one page: the servings chosen per
// recipe (the scaler, the ingredient list, the print dialog and cooking mode all read it) and the
// unit system (a preference kept across pages and visits). And which recipe the detail dialog
// shows, so any island can open it.

export type { UnitSystem };

/** Largest servings the scaler accepts: beyond this, scaling a home recipe stops making sense. */
export const MAX_SERVINGS = 999;

const UNITS_KEY = 'forkful:units';

/** Chosen servings by recipe id; a recipe not in here is at its original servings. */
export const $servings = map<Record<string, number>>({});

function readUnits(): UnitSystem {
  try {
    const saved = globalThis.localStorage?.getItem(UNITS_KEY);
    return saved === 'us' || saved === 'metric' ? saved : 'original';
  } catch {
    return 'original';
  }
}

/** 'original' shows amounts as written; 'us' and 'metric' convert them for display. */
export const $unitSystem = atom<UnitSystem>('original');

let unitsLoaded = false;
/** Reads the saved preference once the page runs (never during the server render). */
export function loadUnitSystem(): void {
  if (unitsLoaded) return;
  unitsLoaded = true;
  $unitSystem.set(readUnits());
}

export function setUnitSystem(system: UnitSystem): void {
  $unitSystem.set(system);
  try {
    globalThis.localStorage?.setItem(UNITS_KEY, system);
  } catch {
    // Not remembered; still applies on this page.
  }
}

/** The servings shown for a recipe. */
export function servingsFor(recipeId: number, originalServings: number, all = $servings.get()): number {
  return all[String(recipeId)] ?? originalServings;
}

/** Sets the servings (a positive whole number up to MAX_SERVINGS; anything else is ignored). */
export function setServings(recipeId: number, servings: number): void {
  if (!Number.isInteger(servings) || servings < 1 || servings > MAX_SERVINGS) return;
  $servings.setKey(String(recipeId), servings);
}

/** Back to the recipe's own servings. */
export function resetServings(recipeId: number): void {
  const { [String(recipeId)]: _dropped, ...others } = $servings.get();
  $servings.set(others);
}

/** The recipe the detail dialog shows (null: closed). */
export const $openRecipe = atom<{ id: number } | null>(null);

export function openRecipeDialog(id: number): void {
  $openRecipe.set({ id });
}

export function closeRecipeDialog(): void {
  $openRecipe.set(null);
}
