import { useId, useState, type ReactNode } from 'react';
import { convertTemperature, TEMPERATURE_UNITS, type TemperatureUnit } from '../../lib/unit-conversion.ts';
import { ConversionResult, ConversionRow, DecimalField } from './fields.tsx';

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

  return (
    <div className="space-y-6">
      <ConversionRow
        id={id}
        amount={
          <DecimalField
            id={`${id}-value`}
            label="Temperature"
            value={value}
            onChange={setValue}
            data={{ 'data-temperature-value': true }}
          />
        }
        from={from}
        to={to}
        units={TEMPERATURE_UNITS}
        names={NAMES}
        onFrom={setFrom}
        onTo={setTo}
        onSwap={() => {
          setFrom(to);
          setTo(from);
        }}
      />
      <ConversionResult result={result} data={{ 'data-temperature-result': result }}>
        <span className="font-mono text-3xl font-bold tabular-nums text-brand-800 dark:text-brand-200">
          {result} {SYMBOL[to]}
        </span>
      </ConversionResult>

      <section aria-labelledby={`${id}-guide`}>
        <h2 id={`${id}-guide`} className="font-serif text-lg font-bold">
          Temperature guide
        </h2>
        <GuideTable
          className="mt-3"
          minWidth="min-w-[32rem]"
          caption={<caption className="sr-only">Oven temperatures</caption>}
          headClassName="bg-stone-50 text-xs uppercase tracking-wide text-stone-600 dark:bg-night dark:text-stone-400"
          columns={OVEN_COLUMNS}
          rows={OVEN}
        />
        <p className="muted mt-2 text-sm">Fan (convection) ovens: about 20 °C / 25 °F lower.</p>
        <GuideTable
          className="mt-4"
          minWidth="min-w-[28rem]"
          caption={<caption className="px-3 pt-3 text-left font-semibold">Safe inside temperatures</caption>}
          headClassName="text-xs uppercase tracking-wide text-stone-600 dark:text-stone-400"
          columns={SAFE_COLUMNS}
          rows={SAFE}
        />
      </section>
    </div>
  );
}

/** A column of a guide table: its heading and the class of its cells (the first column heads each row). */
type GuideColumn = readonly [heading: string, cellClass: string];

const NUMBER_CELL = 'px-3 py-2 tabular-nums';
const OVEN_COLUMNS: GuideColumn[] = [
  ['Oven', ''],
  ['Celsius', NUMBER_CELL],
  ['Fahrenheit', NUMBER_CELL],
  ['Gas', 'px-3 py-2'],
  ['Good for', 'px-3 py-2 text-stone-600 dark:text-stone-400'],
];
const SAFE_COLUMNS: GuideColumn[] = [
  ['Food', ''],
  ['Celsius', NUMBER_CELL],
  ['Fahrenheit', NUMBER_CELL],
];

/** One of the guide's reference tables: a heading row, then each row named by its first cell. */
function GuideTable({
  className,
  minWidth,
  caption,
  headClassName,
  columns,
  rows,
}: {
  className: string;
  minWidth: string;
  caption: ReactNode;
  headClassName: string;
  columns: readonly GuideColumn[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <div className={`${className} overflow-x-auto rounded-2xl ring-1 ring-stone-200/80 dark:ring-night-line`}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        {caption}
        <thead className={headClassName}>
          <tr>
            {columns.map(([heading]) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 dark:divide-night-line">
          {rows.map(([name, ...cells]) => (
            <tr key={name}>
              <th scope="row" className="px-3 py-2 font-medium">
                {name}
              </th>
              {cells.map((cell, i) => (
                <td key={i} className={columns[i + 1]?.[1]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
