import { useStore } from '@nanostores/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { scaleFactor } from '../../lib/quantities.ts';
import {
  $servings,
  MAX_SERVINGS,
  resetServings,
  servingsFor,
  setServings,
} from '../../stores/recipe-view.ts';

// Scaling calculator: Adjust Servings with minus and plus, a number input
// that takes positive whole numbers only (anything else is ignored; minimum 1), Reset (disabled
// at factor 1), minus disabled at 1 serving, and tips only while the factor is not 1.

export interface ScalingCalculatorProps {
  recipeId: number;
  originalServings: number;
}

/** Keys a number field would otherwise accept that are never part of a whole number. */
const NOT_WHOLE = new Set(['e', 'E', '+', '-', '.', ',']);

function factorText(factor: number): string {
  const rounded = Math.round(factor * 100) / 100;
  return `${rounded}×`;
}

export default function ScalingCalculator({ recipeId, originalServings }: ScalingCalculatorProps) {
  const all = useStore($servings);
  const original = originalServings > 0 ? originalServings : 1;
  const servings = servingsFor(recipeId, original, all);
  const factor = scaleFactor(servings, original);
  // The field shows the servings of this very render; only an emptied field (someone about to
  // type a new number) is held apart. Copying the servings into state from an effect would show
  // the previous number for a render after every click, disagreeing with the buttons' state.
  const [editing, setEditing] = useState<'' | null>(null);
  const id = useId();

  const choose = (next: number) => {
    setEditing(null);
    setServings(recipeId, next);
  };
  const onInput = (value: string) => {
    if (value === '') return setEditing('');
    if (!/^\d+$/.test(value)) return;
    const next = Number(value);
    if (next < 1 || next > MAX_SERVINGS) return;
    choose(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (NOT_WHOLE.has(event.key)) event.preventDefault();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card p-5" data-print="hide">
      <h3 id={`${id}-title`} className="font-serif text-lg font-bold">
        Recipe Scaling Calculator
      </h3>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={`${id}-servings`} className="text-sm font-medium text-stone-700 dark:text-stone-300">
          Adjust Servings
        </label>
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-label="Fewer servings"
            disabled={servings <= 1}
            onClick={() => choose(servings - 1)}
            className="flex size-11 items-center justify-center rounded-full bg-white text-xl font-semibold ring-1 ring-stone-300 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-night dark:ring-night-line dark:hover:bg-stone-800"
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            id={`${id}-servings`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SERVINGS}
            step={1}
            value={editing ?? String(servings)}
            onChange={(e) => onInput(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setEditing(null)}
            className="h-11 w-16 rounded-xl border border-stone-300 bg-white text-center text-lg font-semibold tabular-nums dark:border-night-line dark:bg-night dark:text-stone-100"
          />
          <button
            type="button"
            aria-label="More servings"
            disabled={servings >= MAX_SERVINGS}
            onClick={() => choose(servings + 1)}
            className="flex size-11 items-center justify-center rounded-full bg-white text-xl font-semibold ring-1 ring-stone-300 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-night dark:ring-night-line dark:hover:bg-stone-800"
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <button
          type="button"
          className="btn-ghost min-h-11 px-4 disabled:cursor-not-allowed disabled:opacity-40"
          disabled={factor === 1}
          onClick={() => {
            setEditing(null);
            resetServings(recipeId);
          }}
        >
          Reset
        </button>
      </div>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
        {factor === 1
          ? `Original recipe: ${original} ${original === 1 ? 'serving' : 'servings'}`
          : `Scaled ${factorText(factor)} from ${original} ${original === 1 ? 'serving' : 'servings'}`}
      </p>
      {factor !== 1 && (
        <div className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-stone-700 dark:bg-stone-800/70 dark:text-stone-300">
          <p className="font-semibold text-brand-800 dark:text-brand-200">Scaling tips</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            <li>Cooking times change less than amounts: start checking for doneness a little early.</li>
            <li>Pick a pan that fits the new amount; a crowded pan steams instead of browning.</li>
            <li>Salt and spices don't always scale evenly: add them gradually and taste as you go.</li>
          </ul>
        </div>
      )}
    </section>
  );
}
