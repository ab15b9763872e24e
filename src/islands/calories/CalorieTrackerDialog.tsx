import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { errorText } from '../../lib/api/client.ts';
import { CALORIE_GOAL } from '../../lib/schemas/calorie-entry.ts';
import {
  $calorieDay,
  dayTotal,
  deleteCalorieEntry,
  entriesByMeal,
  goalError,
  loadCalorieDay,
  localDate,
  saveCalorieGoal,
  type RecipeOption,
} from '../../stores/calories.ts';
import { showToast } from '../../stores/toasts.ts';
import Dialog, { DialogNotice } from '../shared/Dialog.tsx';
import { focusAfterRemoval } from '../shared/focus-after-removal.ts';
import AddEntryDialog from './AddEntryDialog.tsx';
import { formatDay, MEAL_LABELS } from './calorie-format.ts';
import { plusIcon } from '../../lib/icons/plus.ts';
import { trashIcon } from '../../lib/icons/trash.ts';
import { Icon } from '../shared/Icon.tsx';
import { Field } from '../shared/fields.tsx';

// The calorie tracker dialog: a day (today by default, in the user's time zone), the daily
// goal (1000–5000, default 2000, saved to the account), that day's entries by meal with their
// calories, the total against the goal, and 'Add entry'.

export interface CalorieTrackerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The recipe the add-entry dialog starts with. */
  recipe?: RecipeOption | undefined;
}

const number = (n: number) => n.toLocaleString('en-US');

export default function CalorieTrackerDialog({ open, onClose, recipe }: CalorieTrackerDialogProps) {
  const day = useStore($calorieDay);
  const [date, setDate] = useState(() => localDate());
  const [adding, setAdding] = useState(false);
  const ids = useId();

  useEffect(() => {
    if (open && date) void loadCalorieDay(date);
  }, [open, date]);

  // Back to today each time it opens (a tab left open overnight should not log into yesterday).
  useEffect(() => {
    if (open) setDate(localDate());
  }, [open]);

  const shown = day.date === date;
  const entries = shown ? day.entries : [];
  const total = dayTotal(entries);
  const over = total > day.goal;
  const percent = Math.min(100, Math.round((total / day.goal) * 100));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Calorie Tracker"
      description="Log what you eat and see the day against your goal."
      size="lg"
      name="calorie-tracker"
      footer={
        <button
          type="button"
          className="btn-primary"
          onClick={() => setAdding(true)}
          disabled={!date}
          data-add-entry
        >
          <Icon icon={plusIcon} />
          Add entry
        </button>
      }
    >
      <div className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${ids}-date`} label="Date" padded>
            <input
              id={`${ids}-date`}
              type="date"
              min="2000-01-01"
              max="2100-12-31"
              value={date}
              onChange={(e) => {
                if (e.target.value) setDate(e.target.value);
              }}
              data-autofocus
              className="field rounded-xl"
            />
          </Field>
          <GoalForm goal={day.goal} ready={day.goalKnown} />
        </div>

        <section aria-labelledby={`${ids}-total`}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h3 id={`${ids}-total`} className="font-semibold">
              Total for {formatDay(date)}
            </h3>
            <p
              className={`tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-400' : 'muted'}`}
              data-calorie-total
            >
              {number(total)} / {number(day.goal)} cal
            </p>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`${ids}-total`}
            aria-valuemin={0}
            aria-valuemax={day.goal}
            aria-valuenow={Math.min(total, day.goal)}
            aria-valuetext={`${number(total)} of ${number(day.goal)} calories${over ? `, ${number(total - day.goal)} over your goal` : ''}`}
            className="mt-1.5 h-3 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
          >
            <div
              className={`h-full rounded-full transition-[width] ${over ? 'bg-red-600 dark:bg-red-400' : 'bg-herb-700 dark:bg-herb-300'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className={`mt-1.5 text-sm ${over ? 'text-red-700 dark:text-red-400' : 'muted'}`}>
            {over
              ? `${number(total - day.goal)} calories over your goal`
              : `${number(day.goal - total)} calories left`}
          </p>
        </section>

        {day.status === 'loading' && entries.length === 0 && (
          <p className="muted" role="status">
            Loading entries…
          </p>
        )}
        {day.status === 'error' && shown && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            {day.error}
            <button
              type="button"
              className="btn-ghost min-h-9 px-3 py-1"
              onClick={() => void loadCalorieDay(date)}
            >
              Try again
            </button>
          </div>
        )}
        {day.status === 'ready' && shown && entries.length === 0 && (
          <p className="muted">Nothing logged for {formatDay(date)} yet. Use Add entry to log a meal.</p>
        )}

        {entriesByMeal(entries).map((group) => (
          <section
            key={group.mealType}
            aria-labelledby={`${ids}-${group.mealType}`}
            data-meal={group.mealType}
          >
            <h3 id={`${ids}-${group.mealType}`} className="eyebrow flex justify-between">
              {MEAL_LABELS[group.mealType]}
              <span className="font-semibold normal-case tracking-normal text-stone-600 tabular-nums dark:text-stone-300">
                {number(group.total)} cal
              </span>
            </h3>
            <ul className="mt-1 divide-y divide-stone-100 dark:divide-night-line">
              {group.entries.map((entry) => (
                <li key={entry.id} className="flex items-center gap-3 py-1.5" data-calorie-entry>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{entry.recipeName}</p>
                    <p className="muted text-xs">
                      {entry.servings} {entry.servings === 1 ? 'serving' : 'servings'}
                    </p>
                  </div>
                  <span className="tabular-nums">{number(entry.calories)} cal</span>
                  <DeleteEntryButton
                    id={entry.id}
                    label={`Delete ${entry.recipeName} from ${MEAL_LABELS[entry.mealType].toLowerCase()}`}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <AddEntryDialog open={adding} onClose={() => setAdding(false)} date={date} recipe={recipe} />
    </Dialog>
  );
}

function DeleteEntryButton({ id, label }: { id: number; label: string }) {
  const [busy, setBusy] = useState(false);
  const remove = async (button: HTMLButtonElement) => {
    const dialog = button.closest('dialog');
    const refocus = focusAfterRemoval(button, () => dialog?.querySelector<HTMLElement>('[data-add-entry]'));
    setBusy(true);
    try {
      await deleteCalorieEntry(id);
      refocus();
    } catch (err) {
      showToast({
        title: 'Failed to delete entry',
        description: errorText(err, 'Please check your connection and try again.'),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={(event) => void remove(event.currentTarget)}
      disabled={busy}
      aria-label={label}
      data-row-action="delete-entry"
      className="inline-flex size-11 flex-none items-center justify-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50 dark:text-stone-400 dark:hover:bg-red-950/40 dark:hover:text-red-300"
    >
      <Icon icon={trashIcon} />
    </button>
  );
}

/** The daily goal: a whole number of calories from 1000 to 5000, saved to the account. */
function GoalForm({ goal, ready }: { goal: number; ready: boolean }) {
  const [value, setValue] = useState(String(goal));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();

  // Follows the account's goal when it loads, unless the user is typing a new one.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setValue(String(goal));
  }, [goal, editing]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (saving) return;
    const next = Number(value);
    const invalid = value.trim() === '' ? goalError(Number.NaN) : goalError(next);
    if (invalid) {
      setError(invalid);
      setStatus(null);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCalorieGoal(next);
      setEditing(false);
      setStatus(`Daily goal saved: ${saved.toLocaleString('en-US')} calories.`);
    } catch (err) {
      const message =
        err instanceof RangeError
          ? err.message
          : errorText(err, 'Could not save your goal. Please try again.');
      setError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Field id={`${ids}-goal`} label="Daily goal (calories)" padded>
        <div className="flex gap-2">
          <input
            id={`${ids}-goal`}
            name="goal"
            type="number"
            inputMode="numeric"
            min={CALORIE_GOAL.min}
            max={CALORIE_GOAL.max}
            step={50}
            value={value}
            disabled={!ready}
            onChange={(e) => {
              setValue(e.target.value);
              setEditing(true);
              setError(null);
              setStatus(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-goal-error` : undefined}
            className={`field min-w-0 flex-1 rounded-xl tabular-nums ${error ? 'border-red-600 dark:border-red-400' : ''}`}
          />
          <button
            type="submit"
            className="btn-ghost flex-none px-4 disabled:opacity-60 aria-disabled:opacity-60"
            disabled={!ready}
            aria-disabled={saving}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
        {error && (
          <p id={`${ids}-goal-error`} className="px-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {status && <DialogNotice tone="info">{status}</DialogNotice>}
      </Field>
    </form>
  );
}
