import { useMemo } from 'react';
import { ingredientSections } from '../../../lib/recipe-text.ts';
import type { StepIngredients } from '../../../lib/schemas/recipe.ts';
import {
  fittedStepIngredients,
  matchStepIngredients,
  type StepIngredientsSource,
} from '../../../lib/step-ingredients.ts';
import { Panel } from '../shared/fields.tsx';

// The ingredients each step uses, as the recipe page and cooking mode will show them: matched
// automatically from the step text until the admin corrects a step; then the whole list is stored
// with the recipe, and "Match automatically" goes back to the matching.

export default function StepIngredientsEditor({
  value,
  source,
  onChange,
}: {
  value: StepIngredients | null;
  source: StepIngredientsSource;
  onChange: (value: StepIngredients | null) => void;
}) {
  const sections = useMemo(
    () => (ingredientSections(source.ingredients) ?? []).map((s) => s.items),
    [source.ingredients],
  );
  const lines = sections.flat();
  const automatic = useMemo(() => matchStepIngredients(source.steps, sections), [source.steps, sections]);
  const shown = fittedStepIngredients(value, source) ?? automatic;

  const toggle = (step: number, ingredient: number, on: boolean) => {
    const next = shown.map((list) => [...list]);
    const list = next[step] ?? [];
    next[step] = on
      ? [...list, { ingredient, portion: 1 }].sort((a, b) => a.ingredient - b.ingredient)
      : list.filter((m) => m.ingredient !== ingredient);
    onChange(next);
  };

  return (
    <Panel
      title="Ingredients per step"
      actions={
        value && (
          <button type="button" className="btn-ghost" onClick={() => onChange(null)}>
            Match automatically
          </button>
        )
      }
    >
      <p className="muted mb-3 text-sm" data-step-ingredients-mode={value ? 'manual' : 'automatic'}>
        {value
          ? 'Set by hand: the recipe page and cooking mode show exactly these.'
          : 'Matched automatically from each step’s text. Tick or untick a line to correct a step.'}
      </p>
      {source.steps.length === 0 || lines.length === 0 ? (
        <p className="muted text-sm">Add ingredients and steps to see what each step uses.</p>
      ) : (
        <ol className="space-y-2">
          {source.steps.map((text, step) => {
            const used = shown[step] ?? [];
            const names = used.map((m) => lines[m.ingredient]).filter(Boolean);
            return (
              <li key={step}>
                <details
                  className="rounded-lg ring-1 ring-stone-200 dark:ring-night-line"
                  data-step-editor={step + 1}
                >
                  <summary className="cursor-pointer p-3 text-sm">
                    <span className="font-semibold">Step {step + 1}:</span>{' '}
                    {names.length ? names.join('; ') : <span className="muted">no ingredients</span>}
                  </summary>
                  <fieldset className="space-y-1 px-3 pb-3">
                    <legend className="muted mb-2 text-sm">{text}</legend>
                    {lines.map((line, ingredient) => (
                      <label key={ingredient} className="flex items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={used.some((m) => m.ingredient === ingredient)}
                          onChange={(e) => toggle(step, ingredient, e.target.checked)}
                        />
                        {line}
                      </label>
                    ))}
                  </fieldset>
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
