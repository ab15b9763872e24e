import { useEffect, useId, useState } from 'react';
import { api } from '../../../lib/api/client.ts';
import { addDays, shortDay } from '../../../lib/notebook-dates.ts';
import { MEAL_LABELS } from '../../../lib/plan/meals.ts';
import type { MealType } from '../../../lib/schemas/calorie-entry.ts';
import type { PlanEntry } from '../../../lib/schemas/meal-plan.ts';
import type { RecipeSummary } from '../../../lib/schemas/recipe.ts';
import Dialog from '../../shared/Dialog.tsx';
import { Field, FormError, MEAL_OPTIONS, SelectField, ServingsInput } from '../../shared/fields.tsx';
import type { Slot } from './plan-actions.ts';

// The plan page's dialogs: find a recipe for a meal, move or copy an entry, remove one.

const weekday = (day: string) => new Date(`${day}T12:00:00`).toLocaleDateString('en-GB', { weekday: 'long' });

/** Search the recipes and put one on `slot`. */
export function AddRecipeDialog({
  slot,
  onClose,
  onAdd,
}: {
  slot: Slot;
  onClose: () => void;
  onAdd: (recipeId: number, servings: number) => Promise<string | null>;
}) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<RecipeSummary[] | null>(null);
  const [servings, setServings] = useState('2');
  const [error, setError] = useState('');

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return setResults(null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get('/api/recipes/search', { query: { q, limit: 8 }, signal: controller.signal })
        .then(setResults)
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const add = async (recipe: RecipeSummary) => {
    const failure = await onAdd(recipe.id, Number(servings));
    if (failure) setError(failure);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Add to ${MEAL_LABELS[slot.meal].toLowerCase()}, ${weekday(slot.day)} ${shortDay(slot.day)}`}
      size="lg"
      busy={query.trim().length >= 2 && results === null}
    >
      <div className="flex flex-wrap gap-3">
        <Field id={`${ids}-q`} label="Find a recipe" className="flex-1">
          <input
            id={`${ids}-q`}
            type="search"
            className="field"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. chicken, soup, pasta"
            data-autofocus
          />
        </Field>
        <Field id={`${ids}-servings`} label="Servings">
          <ServingsInput
            id={`${ids}-servings`}
            value={servings}
            onChange={setServings}
            className="field w-20"
          />
        </Field>
      </div>
      <FormError className="mt-2">{error}</FormError>
      <div aria-live="polite">
        {results && results.length === 0 && <p className="muted mt-4">No recipes match “{query.trim()}”.</p>}
        {results && results.length > 0 && (
          <ul className="mt-4 divide-y divide-stone-200 dark:divide-night-line">
            {results.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 py-2">
                <span>{r.title}</span>
                <button type="button" className="btn-primary min-h-9 py-1" onClick={() => void add(r)}>
                  Add<span className="sr-only"> {r.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {results === null && <p className="muted mt-4">Type at least two letters of a recipe’s name.</p>}
      </div>
    </Dialog>
  );
}

/** Move or copy an entry to another day (of this week or the next) and meal. */
export function MoveCopyDialog({
  entry,
  weekStart,
  onClose,
  onMove,
  onCopy,
}: {
  entry: PlanEntry;
  weekStart: string;
  onClose: () => void;
  onMove: (to: Slot) => void;
  onCopy: (to: Slot) => void;
}) {
  const ids = useId();
  const [day, setDay] = useState(entry.day);
  const [meal, setMeal] = useState<MealType>(entry.meal);
  const days = Array.from({ length: 14 }, (_, i) => addDays(weekStart, i));
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Move or copy ${entry.recipeTitle}`}
      size="md"
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={() => onCopy({ day, meal })}>
            Copy
          </button>
          <button type="button" className="btn-primary" onClick={() => onMove({ day, meal })}>
            Move
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <SelectField
          id={`${ids}-day`}
          label="Day"
          value={day}
          options={days.map((d) => [d, `${weekday(d)} ${shortDay(d)}`] as const)}
          onChange={setDay}
          autoFocus
        />
        <SelectField id={`${ids}-meal`} label="Meal" value={meal} options={MEAL_OPTIONS} onChange={setMeal} />
      </div>
    </Dialog>
  );
}

/** Remove an entry; when its ingredients are on the list, offer to take them off too. */
export function RemoveDialog({
  entry,
  onClose,
  onRemove,
}: {
  entry: PlanEntry;
  onClose: () => void;
  onRemove: (fromList: boolean) => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Remove ${entry.recipeTitle}?`}
      description={
        entry.onList
          ? 'Its ingredients are on your shopping list. Take them off too? Amounts other recipes need stay.'
          : 'It comes off your plan.'
      }
      size="sm"
      footer={
        entry.onList ? (
          <>
            <button type="button" className="btn-ghost" onClick={() => onRemove(false)}>
              Keep on list
            </button>
            <button type="button" className="btn-primary" onClick={() => onRemove(true)}>
              Take off the list too
            </button>
          </>
        ) : (
          <button type="button" className="btn-primary" onClick={() => onRemove(false)}>
            Remove
          </button>
        )
      }
    />
  );
}
