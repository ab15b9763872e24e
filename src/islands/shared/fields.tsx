import type { InputHTMLAttributes, ReactNode } from 'react';
import { MEAL_LABELS } from '../../lib/plan/meals.ts';
import { MEAL_TYPES, type MealType } from '../../lib/schemas/calorie-entry.ts';
import { NOTEBOOK_LIMITS } from '../../lib/schemas/recipe-notebook.ts';
import { Choices, type ChoicesProps } from './Choices.tsx';

// The form pieces a reader's tools share (the notebook, the meal plan, collections, the calorie
// tracker): a bold label above its control, a servings number, a meal picker, a choice list and
// the line that says what went wrong, so every form draws them alike.

/** A bold label above its control; `padded` is the calorie tracker's roomier layout. */
export function Field({
  id,
  label,
  className,
  padded = false,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string | undefined;
  padded?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={padded ? 'space-y-1.5' : className}>
      <label
        htmlFor={id}
        className={padded ? 'block px-1 text-sm font-semibold' : 'block text-sm font-semibold'}
      >
        {label}
      </label>
      {children}
    </div>
  );
}

/** Servings of a recipe in the notebook or on the plan: a whole number from 1 to the notebook's most. */
export function ServingsInput({
  value,
  onChange,
  className = 'field w-24',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  id: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={NOTEBOOK_LIMITS.maxServings}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
}

/** A choice list under its label. */
export function SelectField<Value extends string>({
  label,
  ...choice
}: Omit<ChoicesProps<Value>, 'className'> & { label: string }) {
  return (
    <Field id={choice.id} label={label}>
      <Choices className="field" {...choice} />
    </Field>
  );
}

/** Every meal, as value and label, for a SelectField. */
export const MEAL_OPTIONS = MEAL_TYPES.map((m) => [m, MEAL_LABELS[m]] as const);

/** Breakfast, lunch, dinner or snack as radio buttons under the legend "Meal". */
export function MealRadios({
  name,
  value,
  onChange,
}: {
  name: string;
  value: MealType;
  onChange: (meal: MealType) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Meal</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {MEAL_OPTIONS.map(([m, label]) => (
          <label key={m} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={name} value={m} checked={value === m} onChange={() => onChange(m)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What went wrong with a form, announced as it appears; nothing while `children` is empty. */
export function FormError({
  children,
  className,
  id,
}: {
  children: ReactNode;
  className?: string;
  /** For the field's aria-describedby. */
  id?: string;
}) {
  if (!children) return null;
  return (
    <p
      id={id}
      role="alert"
      className={`${className ? `${className} ` : ''}text-sm text-red-700 dark:text-red-400`}
    >
      {children}
    </p>
  );
}
