import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { $unitSystem, loadUnitSystem, setUnitSystem, type UnitSystem } from '../../stores/recipe-view.ts';

// The US ⇄ metric switch: a radio group (arrow keys move between the choices). Display only: the
// recipe as written is always one click away.

const CHOICES: { value: UnitSystem; label: string; hint: string }[] = [
  { value: 'original', label: 'As written', hint: 'Amounts exactly as the recipe gives them' },
  { value: 'us', label: 'US', hint: 'Cups, spoons, ounces and pounds; °F' },
  { value: 'metric', label: 'Metric', hint: 'Millilitres, litres, grams and kilograms; °C' },
];

export default function UnitToggle() {
  const system = useStore($unitSystem);
  const name = useId();
  useEffect(loadUnitSystem, []);

  return (
    <fieldset className="flex flex-wrap items-center gap-2" data-print="hide">
      <legend className="sr-only">Units</legend>
      <span aria-hidden="true" className="text-sm font-medium text-stone-700 dark:text-stone-300">
        Units
      </span>
      <div className="inline-flex rounded-full bg-stone-100 p-1 dark:bg-stone-800">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            title={choice.hint}
            className={`relative cursor-pointer rounded-full px-3.5 py-1.5 text-sm font-medium transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
              system === choice.value
                ? 'bg-white text-ink shadow-sm dark:bg-night-card dark:text-stone-50'
                : 'text-stone-600 hover:text-ink dark:text-stone-300 dark:hover:text-white'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={system === choice.value}
              onChange={() => setUnitSystem(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
