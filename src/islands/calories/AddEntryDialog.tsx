import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { errorText } from '../../lib/api/client.ts';
import { ENTRY_SERVINGS, MEAL_TYPES, type MealType } from '../../lib/schemas/calorie-entry.ts';
import {
  $recipeOptions,
  addCalorieEntry,
  entryCalories,
  entryErrors,
  loadRecipeOptions,
  mealTypeAt,
  withRecipe,
  type RecipeOption,
} from '../../stores/calories.ts';
import { showToast } from '../../stores/toasts.ts';
import Dialog, { DialogClose, DialogNotice } from '../shared/Dialog.tsx';
import { MEAL_LABELS, onDay } from './calorie-format.ts';
import { Field } from '../shared/fields.tsx';

// The add-entry dialog: a recipe picker (this recipe chosen), servings 0.5–10 in steps of
// 0.5 (default 1), the meal, and the calories the entry will add. A recipe must be chosen;
// on failure the toast 'Failed to add entry' carries the server's message.

export interface AddEntryDialogProps {
  open: boolean;
  onClose: () => void;
  /** The day the entry is for, YYYY-MM-DD. */
  date: string;
  /** Chosen when the dialog opens. */
  recipe?: RecipeOption | undefined;
}

type Errors = Record<string, string>;

export default function AddEntryDialog({ open, onClose, date, recipe }: AddEntryDialogProps) {
  const options = useStore($recipeOptions);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [recipeId, setRecipeId] = useState(recipe ? String(recipe.id) : '');
  const [servings, setServings] = useState(String(ENTRY_SERVINGS.default));
  const [mealType, setMealType] = useState<MealType>(() => mealTypeAt());
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();

  // A fresh form each time it opens (or is opened for another recipe).
  const presetId = recipe ? String(recipe.id) : '';
  useEffect(() => {
    if (!open) return;
    setRecipeId(presetId);
    setServings(String(ENTRY_SERVINGS.default));
    setMealType(mealTypeAt());
    setErrors({});
    setFailure(null);
    setOptionsFailed(false);
    loadRecipeOptions().catch(() => setOptionsFailed(true));
  }, [open, presetId]);

  const choices = withRecipe(options ?? [], recipe);
  const chosen = choices.find((o) => String(o.id) === recipeId);
  const servingsValue = Number(servings);
  const servingsValid = !entryErrors({ date, recipeId: 1, servings: servingsValue, mealType })?.['servings'];
  const preview =
    chosen && servings.trim() !== '' && servingsValid ? entryCalories(chosen.calories, servingsValue) : null;

  const step = (direction: 1 | -1) => {
    const current = Number.isFinite(servingsValue) ? servingsValue : ENTRY_SERVINGS.default;
    const next =
      Math.round((current + direction * ENTRY_SERVINGS.step) / ENTRY_SERVINGS.step) * ENTRY_SERVINGS.step;
    setServings(String(Math.min(ENTRY_SERVINGS.max, Math.max(ENTRY_SERVINGS.min, next))));
    setErrors(({ servings: _cleared, ...rest }) => rest);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = { date, recipeId: Number(recipeId), servings: servingsValue, mealType };
    const invalid = entryErrors(input);
    if (invalid) {
      setErrors(invalid);
      const first = Object.keys(invalid)[0];
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const entry = await addCalorieEntry(input);
      showToast({
        title: 'Entry added',
        description: `${entry.recipeName}: ${entry.calories.toLocaleString('en-US')} calories at ${MEAL_LABELS[entry.mealType].toLowerCase()}`,
      });
      onClose();
    } catch (err) {
      const message = errorText(err, 'Please check your connection and try again.');
      showToast({ title: 'Failed to add entry', description: message, variant: 'destructive' });
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (name: string) =>
    errors[name] && (
      <p id={`${ids}-${name}-error`} className="px-1 text-sm text-red-700 dark:text-red-400">
        {errors[name]}
      </p>
    );
  const described = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${name}-error` } : {};

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add entry"
      description={`What did you eat ${onDay(date)}?`}
      name="add-calorie-entry"
      footer={
        <>
          <DialogClose />
          <button
            type="submit"
            form={`${ids}-form`}
            className="btn-primary aria-disabled:opacity-60"
            aria-disabled={submitting}
            aria-busy={submitting}
          >
            {submitting ? 'Adding…' : 'Add entry'}
          </button>
        </>
      }
    >
      <form id={`${ids}-form`} ref={formRef} noValidate onSubmit={submit} className="space-y-5">
        <Field id={`${ids}-recipe`} label="Recipe" padded>
          <select
            id={`${ids}-recipe`}
            name="recipeId"
            value={recipeId}
            onChange={(e) => {
              setRecipeId(e.target.value);
              setErrors(({ recipeId: _cleared, ...rest }) => rest);
            }}
            data-autofocus
            className={`field appearance-auto rounded-xl ${errors['recipeId'] ? 'border-red-600 dark:border-red-400' : ''}`}
            {...described('recipeId')}
          >
            <option value="">Choose a recipe</option>
            {choices.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title} ({option.calories} cal)
              </option>
            ))}
          </select>
          {fieldError('recipeId')}
          {options === undefined && !optionsFailed && (
            <p className="muted px-1 text-xs" role="status">
              Loading recipes…
            </p>
          )}
          {optionsFailed && (
            <p className="px-1 text-xs text-red-700 dark:text-red-400">
              Could not load the recipe list; this recipe can still be added.
            </p>
          )}
        </Field>

        <Field id={`${ids}-servings`} label="Servings" padded>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="btn-ghost size-11 flex-none px-0 aria-disabled:opacity-50"
              aria-label="Fewer servings"
              onClick={() => step(-1)}
              aria-disabled={servingsValue <= ENTRY_SERVINGS.min}
            >
              −
            </button>
            <input
              id={`${ids}-servings`}
              name="servings"
              type="number"
              inputMode="decimal"
              min={ENTRY_SERVINGS.min}
              max={ENTRY_SERVINGS.max}
              step={ENTRY_SERVINGS.step}
              value={servings}
              onChange={(e) => {
                setServings(e.target.value);
                setErrors(({ servings: _cleared, ...rest }) => rest);
              }}
              className={`field w-28 text-center tabular-nums ${errors['servings'] ? 'border-red-600 dark:border-red-400' : ''}`}
              {...described('servings')}
            />
            <button
              type="button"
              className="btn-ghost size-11 flex-none px-0 aria-disabled:opacity-50"
              aria-label="More servings"
              onClick={() => step(1)}
              aria-disabled={servingsValue >= ENTRY_SERVINGS.max}
            >
              +
            </button>
          </div>
          {fieldError('servings')}
          <p className="muted px-1 text-xs">
            From {ENTRY_SERVINGS.min} to {ENTRY_SERVINGS.max}, in steps of {ENTRY_SERVINGS.step}.
          </p>
        </Field>

        <fieldset>
          <legend className="px-1 text-sm font-semibold">Meal</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {MEAL_TYPES.map((type) => (
              <label
                key={type}
                className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl text-sm font-medium ring-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300 ${
                  mealType === type
                    ? 'bg-brand-700 text-white ring-brand-700 dark:bg-brand-300 dark:text-night dark:ring-brand-300'
                    : 'ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800'
                }`}
              >
                <input
                  type="radio"
                  name="mealType"
                  value={type}
                  className="sr-only"
                  checked={mealType === type}
                  onChange={() => setMealType(type)}
                />
                {MEAL_LABELS[type]}
              </label>
            ))}
          </div>
          {fieldError('mealType')}
        </fieldset>

        <p
          aria-live="polite"
          className="rounded-xl bg-paper px-4 py-3 text-sm dark:bg-night"
          data-entry-preview
        >
          {preview === null ? (
            'Choose a recipe and servings to see the calories.'
          ) : (
            <>
              This adds <strong className="tabular-nums">{preview.toLocaleString('en-US')} calories</strong>.
            </>
          )}
        </p>

        {failure && <DialogNotice tone="error">Failed to add entry: {failure}</DialogNotice>}
      </form>
    </Dialog>
  );
}
