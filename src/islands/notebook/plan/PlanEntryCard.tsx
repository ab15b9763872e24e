import { useState } from 'react';
import type { PlanEntry } from '../../../lib/schemas/meal-plan.ts';
import { NOTEBOOK_LIMITS } from '../../../lib/schemas/recipe-notebook.ts';
import { ServingsInput } from '../../shared/fields.tsx';

// One recipe on the plan: its link, servings (− / number / +), "Move or copy…" (the keyboard
// way; the pointer can drag the card, holding Ctrl or Alt to copy) and Remove.

export interface PlanEntryCardProps {
  entry: PlanEntry;
  onServings: (entry: PlanEntry, servings: number) => void;
  onMoveOrCopy: (entry: PlanEntry) => void;
  onRemove: (entry: PlanEntry) => void;
}

export default function PlanEntryCard({ entry, onServings, onMoveOrCopy, onRemove }: PlanEntryCardProps) {
  const [draft, setDraft] = useState(String(entry.servings));
  const commit = (value: number) => {
    const servings = Math.min(NOTEBOOK_LIMITS.maxServings, Math.max(1, Math.round(value)));
    setDraft(String(servings));
    if (servings !== entry.servings) onServings(entry, servings);
  };
  const inputId = `plan-servings-${entry.id}`;
  return (
    <li
      className="plan-entry rounded-lg border border-stone-200 bg-white p-2 text-sm dark:border-night-line dark:bg-night"
      draggable
      data-entry-id={entry.id}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/x-plan-entry', String(entry.id));
        e.dataTransfer.effectAllowed = 'copyMove';
      }}
    >
      <a className="link font-semibold" href={`/recipe/${encodeURIComponent(entry.recipeSlug)}`}>
        {entry.recipeTitle}
      </a>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <label htmlFor={inputId} className="sr-only">
          Servings of {entry.recipeTitle}
        </label>
        <button
          type="button"
          className="btn-ghost min-h-9 px-2 py-0 print:hidden"
          aria-label={`Fewer servings of ${entry.recipeTitle}`}
          disabled={entry.servings <= 1}
          onClick={() => commit(entry.servings - 1)}
        >
          −
        </button>
        <ServingsInput
          id={inputId}
          className="field w-14 px-1 py-1 text-center print:hidden"
          value={draft}
          onChange={setDraft}
          onBlur={() => commit(Number(draft) || entry.servings)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(Number(draft) || entry.servings);
          }}
        />
        <button
          type="button"
          className="btn-ghost min-h-9 px-2 py-0 print:hidden"
          aria-label={`More servings of ${entry.recipeTitle}`}
          disabled={entry.servings >= NOTEBOOK_LIMITS.maxServings}
          onClick={() => commit(entry.servings + 1)}
        >
          +
        </button>
        <span className="muted">{entry.servings === 1 ? 'serving' : 'servings'}</span>
        <span className="hidden print:inline"> · {entry.servings}</span>
      </div>
      <div className="mt-1 flex flex-wrap gap-1 print:hidden">
        <button type="button" className="link text-xs" onClick={() => onMoveOrCopy(entry)}>
          Move or copy…<span className="sr-only"> {entry.recipeTitle}</span>
        </button>
        <button type="button" className="link text-xs" onClick={() => onRemove(entry)}>
          Remove<span className="sr-only"> {entry.recipeTitle}</span>
        </button>
      </div>
    </li>
  );
}
