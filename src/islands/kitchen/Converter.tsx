import { useId, useState } from 'react';
import { convertMeasure, VOLUME_UNITS, WEIGHT_UNITS, type MeasureUnit } from '../../lib/unit-conversion.ts';
import { DecimalField, UnitSelect } from './fields.tsx';
import { swapIcon } from '../../lib/icons/swap.ts';
import { Icon } from '../shared/Icon.tsx';

// The Convert tab: volume (ml, l, cups, tbsp, tsp, fl-oz, pint, quart, gallon) or
// weight (g, kg, oz, lb), result to 3 decimals, and nothing at all for non-numeric input.

const LABELS: Record<MeasureUnit, string> = {
  ml: 'Millilitres (ml)',
  l: 'Litres (l)',
  cups: 'Cups',
  tbsp: 'Tablespoons (tbsp)',
  tsp: 'Teaspoons (tsp)',
  'fl-oz': 'Fluid ounces (fl oz)',
  pint: 'Pints',
  quart: 'Quarts',
  gallon: 'Gallons',
  g: 'Grams (g)',
  kg: 'Kilograms (kg)',
  oz: 'Ounces (oz)',
  lb: 'Pounds (lb)',
};

/** Short unit names for the sentence under the result ("2 cups = 473.176 ml"). */
const SHORT: Record<MeasureUnit, [one: string, many: string]> = {
  ml: ['ml', 'ml'],
  l: ['l', 'l'],
  cups: ['cup', 'cups'],
  tbsp: ['tbsp', 'tbsp'],
  tsp: ['tsp', 'tsp'],
  'fl-oz': ['fl oz', 'fl oz'],
  pint: ['pint', 'pints'],
  quart: ['quart', 'quarts'],
  gallon: ['gallon', 'gallons'],
  g: ['g', 'g'],
  kg: ['kg', 'kg'],
  oz: ['oz', 'oz'],
  lb: ['lb', 'lb'],
};
const unitName = (unit: MeasureUnit, amount: number) => SHORT[unit][amount === 1 ? 0 : 1];

type Kind = 'volume' | 'weight';
const DEFAULTS: Record<Kind, [MeasureUnit, MeasureUnit]> = { volume: ['cups', 'ml'], weight: ['oz', 'g'] };

export default function Converter() {
  const [kind, setKind] = useState<Kind>('volume');
  const [amount, setAmount] = useState('1');
  const [[from, to], setUnits] = useState<[MeasureUnit, MeasureUnit]>(DEFAULTS.volume);
  const id = useId();
  const units = kind === 'volume' ? VOLUME_UNITS : WEIGHT_UNITS;
  const result = convertMeasure(amount, from, to);

  const pickKind = (next: Kind) => {
    setKind(next);
    setUnits(DEFAULTS[next]);
  };
  const select = (value: MeasureUnit, onChange: (u: MeasureUnit) => void, label: string) => (
    <UnitSelect
      id={`${id}-${label}`}
      label={label}
      value={value}
      units={units}
      names={LABELS}
      onChange={onChange}
    />
  );

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="sr-only">What to convert</legend>
        <div className="inline-flex rounded-full bg-stone-100 p-1 dark:bg-stone-800">
          {(['volume', 'weight'] as const).map((k) => (
            <label
              key={k}
              className={`cursor-pointer rounded-full px-4 py-2 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${kind === k ? 'bg-white shadow-sm dark:bg-night-card' : 'text-stone-600 dark:text-stone-300'}`}
            >
              <input
                type="radio"
                name={`${id}-kind`}
                className="sr-only"
                checked={kind === k}
                onChange={() => pickKind(k)}
              />
              {k === 'volume' ? 'Volume' : 'Weight'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_1fr] sm:items-end">
        <DecimalField
          id={`${id}-amount`}
          label="Amount"
          value={amount}
          onChange={setAmount}
          data={{ 'data-convert-amount': true }}
        />
        {select(from, (u) => setUnits([u, to]), 'From')}
        <button
          type="button"
          onClick={() => setUnits([to, from])}
          aria-label="Swap units"
          className="mx-auto flex size-11 items-center justify-center rounded-full ring-1 ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800"
        >
          <Icon icon={swapIcon} />
        </button>
        {select(to, (u) => setUnits([from, u]), 'To')}
      </div>
      <output
        aria-live="polite"
        className="block rounded-2xl bg-brand-50 p-5 text-center dark:bg-stone-800/70"
        data-convert-result={result}
      >
        {result ? (
          <>
            <span className="block text-sm text-stone-600 dark:text-stone-400">
              {amount.trim()} {unitName(from, Number(convertMeasure(amount, from, from)))} =
            </span>
            <span className="mt-1 block font-mono text-3xl font-bold tabular-nums text-brand-800 dark:text-brand-200">
              {result} <span className="text-xl">{unitName(to, Number(result))}</span>
            </span>
          </>
        ) : (
          <span className="text-stone-600 dark:text-stone-400">Enter a number to convert.</span>
        )}
      </output>
    </div>
  );
}
