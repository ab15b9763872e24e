import { lazy, Suspense, useEffect, useState } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { addDays, localDay, mondayOf, shortDay } from '../../../lib/notebook-dates.ts';
import { MEAL_LABELS } from '../../../lib/plan/meals.ts';
import { MEAL_TYPES } from '../../../lib/schemas/calorie-entry.ts';
import type { PlanEntry } from '../../../lib/schemas/meal-plan.ts';
import type { ShoppingItem } from '../../../lib/schemas/shopping-item.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useSessionUser } from '../../auth/use-session-user.ts';
import PlanEntryCard from './PlanEntryCard.tsx';
import { copyEntry, moveEntry, type Slot } from './plan-actions.ts';

// The /plan page: one week, Monday first, a column per day with breakfast, lunch, dinner and
// snack; on a phone the days stack. Recipes come from a recipe page's "Add to plan" or from the
// search behind each meal's "+ Add"; entries move or copy by dragging (Ctrl or Alt copies) or
// with "Move or copy…"; the week goes onto the shopping list in one step.

// The dialogs and the list after "Add this week" load when first opened: a visitor who only looks
// at the week downloads and runs none of them.
const AddRecipeDialog = lazy(() => import('./PlanDialogs.tsx').then((m) => ({ default: m.AddRecipeDialog })));
const MoveCopyDialog = lazy(() => import('./PlanDialogs.tsx').then((m) => ({ default: m.MoveCopyDialog })));
const RemoveDialog = lazy(() => import('./PlanDialogs.tsx').then((m) => ({ default: m.RemoveDialog })));
const PlanShoppingList = lazy(() => import('./PlanShoppingList.tsx'));

type Dialogs =
  | { kind: 'none' }
  | { kind: 'add'; slot: Slot }
  | { kind: 'move'; entry: PlanEntry }
  | { kind: 'remove'; entry: PlanEntry };

const weekdayShort = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-GB', { weekday: 'short' });

export default function PlanWeek() {
  const user = useSessionUser();
  const [weekStart, setWeekStart] = useState(() => mondayOf(localDay()));
  const [entries, setEntries] = useState<PlanEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const [list, setList] = useState<ShoppingItem[] | null>(null);
  const [adding, setAdding] = useState(false);
  const userId = user?.id;

  const load = (week: string) => {
    setFailed(false);
    api
      .get('/api/plan', { query: { week } })
      .then((answer) => setEntries(answer.entries))
      .catch(() => setFailed(true));
  };

  useEffect(() => {
    setEntries(null);
    if (userId) load(weekStart);
  }, [userId, weekStart]);

  // Until the session is known (the prebuilt HTML and hydration) the island is one line, the
  // same size as the log-in prompt: hydrating a whole week's grid for every visitor would cost
  // the page its responsiveness, and the week shown would be the build's, not today's.
  if (user === undefined)
    return (
      <p className="card p-6" aria-busy="true">
        Loading your plan…
      </p>
    );
  if (user === null)
    return (
      <p className="card p-6">
        {/* One short line: it appears only once React has run, so it stays smaller than the page's
            own introduction, which is the largest paint a visitor waits for. */}
        Log in (top of the page) to plan your week.
      </p>
    );
  if (failed)
    return (
      <div role="alert" className="card p-6">
        Your plan could not be loaded.{' '}
        <button type="button" className="link" onClick={() => load(weekStart)}>
          Try again
        </button>
      </div>
    );

  const fail = (err: unknown, fallback: string) =>
    showToast({ title: 'Error', description: errorText(err, fallback), variant: 'destructive' });
  const refresh = () => load(weekStart);
  const inWeek = (day: string) => day >= weekStart && day <= addDays(weekStart, 6);

  const act = async (work: () => Promise<unknown>, fallback: string, done?: string) => {
    try {
      await work();
      if (done) showToast({ title: done });
    } catch (err) {
      fail(err, fallback);
    }
    refresh();
  };

  const dropOn = (slot: Slot, entryId: number, copy: boolean) => {
    const entry = entries?.find((e) => e.id === entryId);
    if (!entry || (!copy && entry.day === slot.day && entry.meal === slot.meal)) return;
    void act(
      () => (copy ? copyEntry(entry, slot) : moveEntry(entry, slot)),
      copy ? 'Could not copy it.' : 'Could not move it.',
    );
  };

  const addWeek = async () => {
    setAdding(true);
    try {
      const result = await api.post('/api/plan/shopping-list', { body: { week: weekStart } });
      setList(result.items);
      showToast({
        title:
          result.entriesAdded > 0
            ? 'Added to your shopping list'
            : 'Your shopping list already has this week',
        description:
          result.entriesAdded > 0
            ? `${result.entriesAdded} ${result.entriesAdded === 1 ? 'recipe' : 'recipes'}, ${result.linesChanged} ${result.linesChanged === 1 ? 'line' : 'lines'} added or changed`
            : 'Nothing was added twice.',
      });
      refresh();
    } catch (err) {
      fail(err, 'Could not add the week to your shopping list.');
    } finally {
      setAdding(false);
    }
  };

  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const label = `${shortDay(days[0]!)} – ${shortDay(days[6]!)}`;

  return (
    <div className="plan-week">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <button type="button" className="btn-ghost" onClick={() => setWeekStart(addDays(weekStart, -7))}>
          ← Previous week
        </button>
        <button type="button" className="btn-ghost" onClick={() => setWeekStart(mondayOf(localDay()))}>
          This week
        </button>
        <button type="button" className="btn-ghost" onClick={() => setWeekStart(addDays(weekStart, 7))}>
          Next week →
        </button>
        <button
          type="button"
          className="btn-primary sm:ml-auto"
          disabled={adding || !entries || entries.length === 0}
          onClick={() => void addWeek()}
        >
          Add this week to the shopping list
        </button>
        <button type="button" className="btn-ghost" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <h2 className="mt-4 font-serif text-2xl font-bold" aria-live="polite">
        Week of {label}
      </h2>
      {entries && entries.length === 0 && (
        <p className="card mt-3 p-4 print:hidden" data-testid="plan-empty">
          Nothing planned this week. Use “+ Add” under any meal to find a recipe, or open a recipe and choose
          “Add to plan”.
        </p>
      )}
      <div
        className="plan-grid mt-4 grid gap-3 lg:grid-cols-7"
        aria-busy={entries === null}
        data-testid="plan-grid"
      >
        {days.map((day) => (
          <section
            key={day}
            aria-labelledby={`plan-day-${day}`}
            className={`card p-3 ${day === localDay() ? 'ring-2 ring-brand-600' : ''}`}
          >
            <h3 id={`plan-day-${day}`} className="font-semibold">
              {weekdayShort(day)} <span className="muted font-normal">{shortDay(day)}</span>
            </h3>
            {MEAL_TYPES.map((meal) => {
              const here = (entries ?? []).filter((e) => e.day === day && e.meal === meal);
              return (
                <div
                  key={meal}
                  className="plan-slot mt-2 rounded-md p-1"
                  data-slot={`${day}/${meal}`}
                  onDragOver={(e) => {
                    if (e.dataTransfer.types.includes('text/x-plan-entry')) {
                      e.preventDefault();
                      e.dataTransfer.dropEffect = e.ctrlKey || e.altKey ? 'copy' : 'move';
                    }
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    const id = Number(e.dataTransfer.getData('text/x-plan-entry'));
                    if (id) dropOn({ day, meal }, id, e.ctrlKey || e.altKey);
                  }}
                >
                  <h4 className="eyebrow text-xs">{MEAL_LABELS[meal]}</h4>
                  {here.length > 0 && (
                    <ul className="mt-1 space-y-1" aria-label={`${MEAL_LABELS[meal]}, ${weekdayShort(day)}`}>
                      {here.map((entry) => (
                        <PlanEntryCard
                          key={`${entry.id}-${entry.servings}`}
                          entry={entry}
                          onServings={(en, servings) =>
                            void act(
                              () =>
                                api.patch('/api/plan/entries/:id', {
                                  params: { id: en.id },
                                  body: { servings },
                                }),
                              'Could not change the servings.',
                            )
                          }
                          onMoveOrCopy={(en) => setDialog({ kind: 'move', entry: en })}
                          onRemove={(en) => setDialog({ kind: 'remove', entry: en })}
                        />
                      ))}
                    </ul>
                  )}
                  <button
                    type="button"
                    className="link mt-1 text-xs print:hidden"
                    onClick={() => setDialog({ kind: 'add', slot: { day, meal } })}
                  >
                    + Add
                    <span className="sr-only">
                      {' '}
                      to {MEAL_LABELS[meal].toLowerCase()}, {weekdayShort(day)} {shortDay(day)}
                    </span>
                  </button>
                </div>
              );
            })}
          </section>
        ))}
      </div>
      <Suspense fallback={null}>
        {list && <PlanShoppingList items={list} />}
        {dialog.kind === 'add' && (
          <AddRecipeDialog
            slot={dialog.slot}
            onClose={() => setDialog({ kind: 'none' })}
            onAdd={async (recipeId, servings) => {
              try {
                await api.post('/api/plan/entries', { body: { recipeId, servings, ...dialog.slot } });
                setDialog({ kind: 'none' });
                refresh();
                return null;
              } catch (err) {
                return errorText(err, 'Could not add it to your plan.');
              }
            }}
          />
        )}
        {dialog.kind === 'move' && (
          <MoveCopyDialog
            entry={dialog.entry}
            weekStart={weekStart}
            onClose={() => setDialog({ kind: 'none' })}
            onMove={(to) => {
              setDialog({ kind: 'none' });
              void act(
                () => moveEntry(dialog.entry, to),
                'Could not move it.',
                inWeek(to.day) ? undefined : `Moved to ${shortDay(to.day)}`,
              );
            }}
            onCopy={(to) => {
              setDialog({ kind: 'none' });
              void act(
                () => copyEntry(dialog.entry, to),
                'Could not copy it.',
                inWeek(to.day) ? undefined : `Copied to ${shortDay(to.day)}`,
              );
            }}
          />
        )}
        {dialog.kind === 'remove' && (
          <RemoveDialog
            entry={dialog.entry}
            onClose={() => setDialog({ kind: 'none' })}
            onRemove={(fromList) => {
              setDialog({ kind: 'none' });
              void act(
                () =>
                  api.delete('/api/plan/entries/:id', {
                    params: { id: dialog.entry.id },
                    query: { fromList: fromList ? 'true' : 'false' },
                  }),
                'Could not remove it.',
                fromList ? 'Removed from your plan and shopping list' : 'Removed from your plan',
              );
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
