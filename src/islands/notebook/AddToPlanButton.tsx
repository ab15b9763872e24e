import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import { localDay, shortDay } from '../../lib/notebook-dates.ts';
import { MEAL_LABELS } from '../../lib/plan/meals.ts';
import { MEAL_TYPES, type MealType } from '../../lib/schemas/calorie-entry.ts';
import { NOTEBOOK_LIMITS } from '../../lib/schemas/recipe-notebook.ts';
import { showToast } from '../../stores/toasts.ts';

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
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="3.5" y="5" width="17" height="15" rx="2" />
          <path d="M3.5 10h17M8 3v4M16 3v4" strokeLinecap="round" />
        </svg>
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
              <div>
                <label htmlFor={`${ids}-day`} className="block text-sm font-semibold">
                  Day
                </label>
                <input
                  id={`${ids}-day`}
                  type="date"
                  className="field"
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                  data-autofocus
                />
              </div>
              <fieldset>
                <legend className="text-sm font-semibold">Meal</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {MEAL_TYPES.map((m) => (
                    <label key={m} className="flex min-h-11 items-center gap-2">
                      <input
                        type="radio"
                        name={`${ids}-meal`}
                        value={m}
                        checked={meal === m}
                        onChange={() => setMeal(m)}
                      />
                      {MEAL_LABELS[m]}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div>
                <label htmlFor={`${ids}-servings`} className="block text-sm font-semibold">
                  Servings
                </label>
                <input
                  id={`${ids}-servings`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={NOTEBOOK_LIMITS.maxServings}
                  className="field w-24"
                  value={servings}
                  onChange={(e) => setServings(e.target.value)}
                />
              </div>
              {error && (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              )}
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
