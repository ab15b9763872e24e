import type { ReactNode } from 'react';
import { swapIcon } from '../../lib/icons/swap.ts';
import { Choices, type ChoicesProps } from '../shared/Choices.tsx';
import { Icon } from '../shared/Icon.tsx';

// The inputs the kitchen tools share: a label above its control, a unit picker, an amount
// typed as text on a decimal keyboard (so a half-typed "1." stays as typed), and the converters'
// row of amount, From, swap and To with the result under it.

/** A label above its control, the layout of every kitchen tool's inputs. */
export function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The units a picker offers, in the order given, and the name each is shown by. */
interface UnitNames<Unit extends string> {
  units: readonly Unit[];
  names: Record<Unit, string>;
}

/** A choice of units under its label. */
export function UnitSelect<Unit extends string>({
  label,
  units,
  names,
  ...choice
}: Omit<ChoicesProps<Unit>, 'className' | 'options'> & UnitNames<Unit> & { label: string }) {
  return (
    <LabelledField id={choice.id} label={label}>
      <Choices className="field rounded-xl" options={units.map((u) => [u, names[u]] as const)} {...choice} />
    </LabelledField>
  );
}

/** An amount typed as text on a decimal keyboard; `data` marks it for scripts and tests. */
export function DecimalField({
  id,
  label,
  value,
  onChange,
  data,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  data: Record<`data-${string}`, true>;
}) {
  return (
    <LabelledField id={id} label={label}>
      <input
        id={id}
        className="field rounded-xl"
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...data}
      />
    </LabelledField>
  );
}

/** A converter's inputs: the amount, From, a swap button and To, in one row from small screens up. */
export function ConversionRow<Unit extends string>({
  id,
  amount,
  from,
  to,
  onFrom,
  onTo,
  onSwap,
  ...unitNames
}: UnitNames<Unit> & {
  id: string;
  /** The amount's field, first in the row. */
  amount: ReactNode;
  from: Unit;
  to: Unit;
  onFrom: (unit: Unit) => void;
  onTo: (unit: Unit) => void;
  onSwap: () => void;
}) {
  const select = (label: string, value: Unit, onChange: (unit: Unit) => void) => (
    <UnitSelect id={`${id}-${label}`} label={label} value={value} onChange={onChange} {...unitNames} />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_1fr] sm:items-end">
      {amount}
      {select('From', from, onFrom)}
      <button
        type="button"
        onClick={onSwap}
        aria-label="Swap units"
        className="mx-auto flex size-11 items-center justify-center rounded-full ring-1 ring-stone-300 hover:bg-brand-50 dark:ring-night-line dark:hover:bg-stone-800"
      >
        <Icon icon={swapIcon} />
      </button>
      {select('To', to, onTo)}
    </div>
  );
}

/** A converter's answer, read out as it changes; `data` names it for scripts and tests. */
export function ConversionResult({
  result,
  data,
  children,
}: {
  result: string;
  data: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <output
      aria-live="polite"
      className="block rounded-2xl bg-brand-50 p-5 text-center dark:bg-stone-800/70"
      {...data}
    >
      {result ? (
        children
      ) : (
        <span className="text-stone-600 dark:text-stone-400">Enter a number to convert.</span>
      )}
    </output>
  );
}
