import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { instructionTexts } from '../../lib/recipe-text.ts';
import { convertTemperaturesInText } from '../../lib/temperature-text.ts';
import { $unitSystem, loadUnitSystem } from '../../stores/recipe-view.ts';
import StepIngredientList, { type StepUses } from './StepIngredientList.tsx';

// Numbered instructions with oven temperatures in the chosen unit system. Each step
// has an id (#step-3) so Google's HowToStep url and "jump to step" links land on it. With `uses`,
// each step lists the ingredients it uses under it, collapsed.

export interface InstructionListProps {
  /** The recipe's instructions in any stored shape (a JSON string included). */
  instructions: unknown;
  /** Prefix for the step ids; the dialog uses its own so ids stay unique on the page. */
  idPrefix?: string;
  /** The ingredients each step uses (the recipe page computes them as it is built). */
  uses?: StepUses;
}

export default function InstructionList({ instructions, idPrefix = 'step', uses }: InstructionListProps) {
  const system = useStore($unitSystem);
  useEffect(loadUnitSystem, []);
  const steps = instructionTexts(instructions);
  if (!steps) return <p className="muted">Unable to display instructions</p>;
  return (
    <ol className="space-y-5" data-instruction-list>
      {steps.map((step, i) => (
        <li key={i} id={`${idPrefix}-${i + 1}`} className="flex gap-4" data-print="section">
          <span
            aria-hidden="true"
            className="flex size-8 flex-none items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white dark:bg-brand-300 dark:text-night"
          >
            {i + 1}
          </span>
          <div className="min-w-0 pt-1">
            <p className="leading-relaxed">{convertTemperaturesInText(step, system)}</p>
            {uses && <StepIngredientList uses={uses} step={i} collapsed />}
          </div>
        </li>
      ))}
    </ol>
  );
}
