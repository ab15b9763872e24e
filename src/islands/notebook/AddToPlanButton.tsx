import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import { localDay, shortDay } from '../../lib/notebook-dates.ts';
import { calendarIcon } from '../../lib/icons/calendar.ts';
import { MEAL_LABELS } from '../../lib/plan/meals.ts';
import type { MealType } from '../../lib/schemas/calorie-entry.ts';
import { showToast } from '../../stores/toasts.ts';
import { Field, FormError, MealRadios, ServingsInput } from '../shared/fields.tsx';
import { Icon } from '../shared/Icon.tsx';

// The recipe page's "Add to plan": a day, a meal and servings, then the recipe is on the cook's
// meal plan (/plan).

const Dialog = lazy(() => import('../shared/Dialog.tsx'));

export default function AddToPlanButton({
  recipe,
}: {
  recipe: { id: number; title: string; servings: number };
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(localDay());
  const [meal, setMeal] = useState<MealType>('dinner');
  const [servings, setServings] = useState(String(Math.min(Math.max(recipe.servings, 1), 24)));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      const entry = await api.post('/api/plan/entries', {
        body: { recipeId: recipe.id, day, meal, servings: Number(servings) },
      });
      setOpen(false);
      showToast({
        title: 'Added to your meal plan',
        description: `${MEAL_LABELS[entry.meal]} on ${shortDay(entry.day)}, ${entry.servings} servings`,
      });
    } catch (err) {
      setError(errorText(err, 'Could not add it to your plan. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn-ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon icon={calendarIcon} />
        Add to plan
      </button>
      {open && (
        <Suspense fallback={null}>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="Add to your meal plan"
            description={recipe.title}
            size="md"
            footer={
              <button type="submit" form={`${ids}-form`} className="btn-primary" disabled={busy}>
                Add to plan
              </button>
            }
          >
            <form id={`${ids}-form`} className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
              <Field id={`${ids}-day`} label="Day">
                <input
                  id={`${ids}-day`}
                  type="date"
                  className="field"
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                  data-autofocus
                />
              </Field>
              <MealRadios name={`${ids}-meal`} value={meal} onChange={setMeal} />
              <Field id={`${ids}-servings`} label="Servings">
                <ServingsInput id={`${ids}-servings`} value={servings} onChange={setServings} />
              </Field>
              <FormError>{error}</FormError>
              <p className="muted text-sm">
                See the week on{' '}
                <a className="link" href="/plan">
                  your meal plan
                </a>
                .
              </p>
            </form>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}
