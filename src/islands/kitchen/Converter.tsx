import { useId, useState } from 'react';
import { convertMeasure, VOLUME_UNITS, WEIGHT_UNITS, type MeasureUnit } from '../../lib/unit-conversion.ts';
import { ConversionResult, ConversionRow, DecimalField } from './fields.tsx';

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
      <ConversionRow
        id={id}
        amount={
          <DecimalField
            id={`${id}-amount`}
            label="Amount"
            value={amount}
            onChange={setAmount}
            data={{ 'data-convert-amount': true }}
          />
        }
        from={from}
        to={to}
        units={units}
        names={LABELS}
        onFrom={(u) => setUnits([u, to])}
        onTo={(u) => setUnits([from, u])}
        onSwap={() => setUnits([to, from])}
      />
      <ConversionResult result={result} data={{ 'data-convert-result': result }}>
        <span className="block text-sm text-stone-600 dark:text-stone-400">
          {amount.trim()} {unitName(from, Number(convertMeasure(amount, from, from)))} =
        </span>
        <span className="mt-1 block font-mono text-3xl font-bold tabular-nums text-brand-800 dark:text-brand-200">
          {result} <span className="text-xl">{unitName(to, Number(result))}</span>
        </span>
      </ConversionResult>
    </div>
  );
}
