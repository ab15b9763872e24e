import type { ReactNode } from 'react';

// The inputs the kitchen tools share: a label above its control, a unit picker, and an amount
// typed as text on a decimal keyboard (so a half-typed "1." stays as typed).

/** A label above its control, the layout of every kitchen tool's inputs. */
export function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A choice of units, in the order given, each shown by its name. */
export function UnitSelect<Unit extends string>({
  id,
  label,
  value,
  units,
  names,
  onChange,
}: {
  id: string;
  label: string;
  value: Unit;
  units: readonly Unit[];
  names: Record<Unit, string>;
  onChange: (unit: Unit) => void;
}) {
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        className="field rounded-xl"
        value={value}
        onChange={(e) => onChange(e.target.value as Unit)}
      >
        {units.map((u) => (
          <option key={u} value={u}>
            {names[u]}
          </option>
        ))}
      </select>
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
