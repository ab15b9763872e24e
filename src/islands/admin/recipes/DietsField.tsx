import { DIET_LABELS, DIETS, type Diet } from '../../../lib/diet-names.ts';
import { Panel } from '../shared/fields.tsx';

// The diets a recipe is listed under (search filters): read from the ingredients when it is
// saved, unless the admin sets them here by hand where the rules are wrong.

export default function DietsField({
  value,
  automatic,
  onChange,
}: {
  /** The diets set by hand; null: read from the ingredients. */
  value: Diet[] | null;
  /** What the last save read from the ingredients (shown while automatic). */
  automatic: readonly Diet[];
  onChange: (value: Diet[] | null) => void;
}) {
  const shown = value ?? automatic;
  return (
    <Panel title="Diets">
      <fieldset>
        <legend className="muted mb-3 text-sm">
          {value
            ? 'Set by hand: search lists the recipe under exactly these.'
            : 'Read from the ingredients when saved: claimed only when every ingredient is known to suit.'}
        </legend>
        <label className="mb-3 flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="dietsByHand"
            checked={value !== null}
            onChange={(e) => onChange(e.target.checked ? [...shown] : null)}
          />
          Set diets by hand
        </label>
        <div className="flex flex-wrap gap-4">
          {DIETS.map((diet) => (
            <label key={diet} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="diets"
                value={diet}
                disabled={value === null}
                checked={shown.includes(diet)}
                onChange={(e) =>
                  onChange(DIETS.filter((d) => (d === diet ? e.target.checked : (value ?? []).includes(d))))
                }
              />
              {DIET_LABELS[diet]}
            </label>
          ))}
        </div>
      </fieldset>
    </Panel>
  );
}
