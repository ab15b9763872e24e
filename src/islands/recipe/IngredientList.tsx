import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { scaleFactor } from '../../lib/quantities.ts';
import { ingredientSections } from '../../lib/recipe-text.ts';
import { ingredientForDisplay } from '../../lib/unit-conversion.ts';
import { $servings, $unitSystem, loadUnitSystem, servingsFor } from '../../stores/recipe-view.ts';

// The ingredient checklist: every stored format, sections kept, amounts scaled to
// the chosen servings and shown in the chosen units; checking a line strikes it through, for this
// visit only. Unreadable data reads 'Unable to display ingredients'.

export interface IngredientListProps {
  recipeId: number;
  originalServings: number;
  /** The recipe's ingredients in any stored shape (a JSON string included). */
  ingredients: unknown;
  /** Checkboxes to tick off lines (true), or a plain list (cooking mode's side panel). */
  checkable?: boolean;
}

export default function IngredientList({
  recipeId,
  originalServings,
  ingredients,
  checkable = true,
}: IngredientListProps) {
  const all = useStore($servings);
  const system = useStore($unitSystem);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const id = useId();
  useEffect(loadUnitSystem, []);

  const sections = ingredientSections(ingredients);
  if (!sections) return <p className="muted">Unable to display ingredients</p>;
  const factor = scaleFactor(servingsFor(recipeId, originalServings, all), originalServings);

  return (
    <div className="space-y-5" data-ingredient-list>
      {sections.map((section, s) => (
        <div key={`${s}-${section.name ?? ''}`} data-print="section">
          {section.name && (
            <h3 id={`${id}-s${s}`} className="mb-1 font-semibold text-brand-800 dark:text-brand-200">
              {section.name}
            </h3>
          )}
          <ul className="space-y-0.5" aria-labelledby={section.name ? `${id}-s${s}` : undefined}>
            {section.items.map((line, i) => {
              const key = `${s}:${i}`;
              const shown = ingredientForDisplay(line, factor, system);
              const changed = shown !== line;
              const text = (
                <span data-ingredient title={changed ? `As written: ${line}` : undefined}>
                  {shown}
                </span>
              );
              return (
                <li key={key}>
                  {checkable ? (
                    <label className="check-item">
                      <input
                        type="checkbox"
                        checked={Boolean(checked[key])}
                        onChange={(e) => setChecked((c) => ({ ...c, [key]: e.target.checked }))}
                      />
                      {text}
                    </label>
                  ) : (
                    <p className="flex gap-2 py-1">
                      <span aria-hidden="true" className="text-brand-600">
                        •
                      </span>
                      {text}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
