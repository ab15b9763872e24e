import { useId, useState } from 'react';
import { convertTemperature, TEMPERATURE_UNITS, type TemperatureUnit } from '../../lib/unit-conversion.ts';
import { DecimalField, UnitSelect } from './fields.tsx';
import { swapIcon } from '../../lib/icons/swap.ts';
import { Icon } from '../shared/Icon.tsx';

// The Temperature tab: Celsius, Fahrenheit, Kelvin with 2 decimals, plus a guide to
// oven settings and safe inside temperatures.

const NAMES: Record<TemperatureUnit, string> = {
  celsius: 'Celsius (°C)',
  fahrenheit: 'Fahrenheit (°F)',
  kelvin: 'Kelvin (K)',
};
const SYMBOL: Record<TemperatureUnit, string> = { celsius: '°C', fahrenheit: '°F', kelvin: 'K' };

/** Oven settings as printed on dials and in most cookbooks (fan ovens about 20 °C lower). */
const OVEN = [
  ['Very low', '120 °C', '250 °F', '½', 'Meringues, drying'],
  ['Low', '150 °C', '300 °F', '2', 'Slow roasts, custards'],
  ['Moderate', '180 °C', '350 °F', '4', 'Cakes, biscuits, casseroles'],
  ['Moderately hot', '190 °C', '375 °F', '5', 'Bread, muffins'],
  ['Hot', '200–220 °C', '400–425 °F', '6–7', 'Roast vegetables, pastry'],
  ['Very hot', '230–240 °C', '450–475 °F', '8–9', 'Pizza, quick roasting'],
];

/** Safe minimum inside temperatures (USDA), measured at the thickest part. */
const SAFE = [
  ['Chicken and turkey (whole or minced)', '74 °C', '165 °F'],
  ['Minced beef, pork and lamb', '71 °C', '160 °F'],
  ['Beef, pork, lamb steaks and roasts (then rest 3 min)', '63 °C', '145 °F'],
  ['Fish and shellfish', '63 °C', '145 °F'],
  ['Egg dishes', '71 °C', '160 °F'],
  ['Leftovers and casseroles', '74 °C', '165 °F'],
];

export default function Temperature() {
  const [value, setValue] = useState('180');
  const [from, setFrom] = useState<TemperatureUnit>('celsius');
  const [to, setTo] = useState<TemperatureUnit>('fahrenheit');
  const id = useId();
  const result = convertTemperature(value, from, to);

  const select = (current: TemperatureUnit, onChange: (u: TemperatureUnit) => void, label: string) => (
    <UnitSelect
      id={`${id}-${label}`}
      label={label}
      value={current}
      units={TEMPERATURE_UNITS}
      names={NAMES}
      onChange={onChange}
    />
  );

  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_1fr] sm:items-end">
        <DecimalField
          id={`${id}-value`}
          label="Temperature"
          value={value}
          onChange={setValue}
          data={{ 'data-temperature-value': true }}
        />
        {select(from, setFrom, 'From')}
        <button
          type="button"
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
          aria-label="Swap units"
          className="mx-auto flex size-11 items-center justify-center rounded-full ring-1 ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800"
        >
          <Icon icon={swapIcon} />
        </button>
        {select(to, setTo, 'To')}
      </div>
      <output
        aria-live="polite"
        className="block rounded-2xl bg-brand-50 p-5 text-center dark:bg-stone-800/70"
        data-temperature-result={result}
      >
        {result ? (
          <span className="font-mono text-3xl font-bold tabular-nums text-brand-800 dark:text-brand-200">
            {result} {SYMBOL[to]}
          </span>
        ) : (
          <span className="text-stone-600 dark:text-stone-400">Enter a number to convert.</span>
        )}
      </output>

      <section aria-labelledby={`${id}-guide`}>
        <h2 id={`${id}-guide`} className="font-serif text-lg font-bold">
          Temperature guide
        </h2>
        <div className="mt-3 overflow-x-auto rounded-2xl ring-1 ring-stone-200/80 dark:ring-night-line">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Oven temperatures</caption>
            <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-600 dark:bg-night dark:text-stone-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Oven
                </th>
                <th scope="col" className="px-3 py-2">
                  Celsius
                </th>
                <th scope="col" className="px-3 py-2">
                  Fahrenheit
                </th>
                <th scope="col" className="px-3 py-2">
                  Gas
                </th>
                <th scope="col" className="px-3 py-2">
                  Good for
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200 dark:divide-night-line">
              {OVEN.map(([name, c, f, gas, use]) => (
                <tr key={name}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {name}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{c}</td>
                  <td className="px-3 py-2 tabular-nums">{f}</td>
                  <td className="px-3 py-2">{gas}</td>
                  <td className="px-3 py-2 text-stone-600 dark:text-stone-400">{use}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted mt-2 text-sm">Fan (convection) ovens: about 20 °C / 25 °F lower.</p>
        <div className="mt-4 overflow-x-auto rounded-2xl ring-1 ring-stone-200/80 dark:ring-night-line">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="px-3 pt-3 text-left font-semibold">Safe inside temperatures</caption>
            <thead className="text-xs uppercase tracking-wide text-stone-600 dark:text-stone-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Food
                </th>
                <th scope="col" className="px-3 py-2">
                  Celsius
                </th>
                <th scope="col" className="px-3 py-2">
                  Fahrenheit
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200 dark:divide-night-line">
              {SAFE.map(([food, c, f]) => (
                <tr key={food}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {food}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{c}</td>
                  <td className="px-3 py-2 tabular-nums">{f}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
