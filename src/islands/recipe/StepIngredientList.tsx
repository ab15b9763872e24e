import { useStore } from '@nanostores/react';
import { scaleFactor } from '../../lib/quantities.ts';
import { stepIngredientText } from '../../lib/step-ingredient-text.ts';
import type { StepUses } from '../../lib/step-ingredients.ts';
import { $servings, $unitSystem, servingsFor } from '../../stores/recipe-view.ts';

// The ingredients one step uses, at the chosen servings and in the chosen units: under a step on
// the recipe page and the card dialog (collapsed in a <details>, so the steps stay readable) and on cooking mode's
// step card (shown as a list).

export type { StepUses };

export interface StepIngredientListProps {
  uses: StepUses;
  /** The step's index. */
  step: number;
  /** Collapsed under a summary (the recipe page) or always shown (cooking mode). */
  collapsed?: boolean;
}

export default function StepIngredientList({ uses, step, collapsed = false }: StepIngredientListProps) {
  const all = useStore($servings);
  const system = useStore($unitSystem);
  const found = uses.steps[step] ?? [];
  if (found.length === 0) return null;
  const factor = scaleFactor(servingsFor(uses.recipeId, uses.originalServings, all), uses.originalServings);
  const texts = found
    .filter(({ ingredient }) => uses.lines[ingredient] !== undefined)
    .map(({ ingredient, portion }) => stepIngredientText(uses.lines[ingredient]!, portion, factor, system));
  const items = (className?: string) =>
    texts.map((text, i) => (
      <li key={i} className={className} data-step-ingredient>
        {text}
      </li>
    ));
  const label = `Ingredients for step ${step + 1}`;
  if (collapsed)
    return (
      <details className="mt-2 text-sm" data-step-ingredients data-print="hide">
        <summary className="cursor-pointer font-semibold text-brand-800 dark:text-brand-200">
          Ingredients ({texts.length})<span className="sr-only"> for step {step + 1}</span>
        </summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-label={label}>
          {items()}
        </ul>
      </details>
    );
  return (
    <div className="mt-6" data-step-ingredients>
      <h3 className="text-sm font-bold uppercase tracking-[0.12em] text-stone-600 dark:text-stone-300">
        You need
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2 text-lg" aria-label={label}>
        {items(
          'rounded-full bg-brand-50 px-3 py-1 ring-1 ring-brand-200 dark:bg-stone-800 dark:ring-night-line',
        )}
      </ul>
    </div>
  );
}
