import { useStore } from '@nanostores/react';
import { convertTemperaturesInText } from '../../lib/temperature-text.ts';
import { $cooking, goToStep } from '../../stores/cooking.ts';
import { $unitSystem } from '../../stores/recipe-view.ts';

// Every step in a list: done ones ticked, the current one marked; a tap jumps there.

export default function AllSteps({ steps, headingId }: { steps: readonly string[]; headingId: string }) {
  const { step } = useStore($cooking);
  const system = useStore($unitSystem);
  return (
    <section aria-labelledby={headingId} className="card p-5">
      <h2 id={headingId} className="font-serif text-lg font-bold">
        All steps
      </h2>
      <ol className="mt-3 space-y-1">
        {steps.map((text, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => goToStep(i)}
              aria-current={i === step ? 'step' : undefined}
              className={`flex min-h-11 w-full items-start gap-3 rounded-xl px-2 py-2 text-left text-sm transition ${i === step ? 'bg-brand-100 font-semibold dark:bg-brand-900/40' : 'hover:bg-stone-100 dark:hover:bg-stone-800'}`}
            >
              <span
                className={`flex size-7 flex-none items-center justify-center rounded-full text-xs font-bold ${i < step ? 'bg-herb-700 text-white' : i === step ? 'bg-brand-700 text-white dark:bg-brand-300 dark:text-night' : 'bg-stone-200 dark:bg-stone-700'}`}
              >
                {i < step ? '✓' : i + 1}
              </span>
              <span className="line-clamp-2">{convertTemperaturesInText(text, system)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
