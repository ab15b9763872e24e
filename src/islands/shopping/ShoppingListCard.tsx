import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $servings, servingsFor } from '../../stores/recipe-view.ts';
import {
  $shoppingList,
  addRecipe,
  clearAll,
  clearChecked,
  exportText,
  remove,
  syncShoppingList,
  toggle,
} from '../../stores/shopping-list.ts';
import { showToast } from '../../stores/toasts.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { DialogNotice } from '../shared/Dialog.tsx';
import { focusAfterRemoval } from '../shared/focus-after-removal.ts';
import { shoppingServings, type ShoppingRecipe } from '../../lib/shopping/ingredient-item.ts';
import { EXPORT_FILE_NAME, groupByCategory, itemQuantity } from '../../lib/shopping/shopping-text.ts';
import { downloadIcon } from '../../lib/icons/download.ts';
import { plusIcon } from '../../lib/icons/plus.ts';
import { trashIcon } from '../../lib/icons/trash.ts';
import { Icon } from '../shared/Icon.tsx';

// The shopping-list card: add this recipe's ingredients at the servings the reader chose,
// the whole list by aisle with check-off (struck through), progress = checked / total, remove,
// clear checked, clear all (asked first), export as shopping-list.txt, and whether the list is
// in sync with the server (offline, changes waiting). ShoppingListActions goes in the dialog's
// footer, so the actions stay in view however long the list is.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function ShoppingListCard({ recipe }: { recipe: ShoppingRecipe }) {
  const list = useStore($shoppingList);
  const allServings = useStore($servings);
  const servings = shoppingServings(servingsFor(recipe.id, recipe.servings, allServings));
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const ids = useId();

  const total = list.items.length;
  const checked = list.items.filter((item) => item.checked).length;
  const percent = total === 0 ? 0 : Math.round((checked / total) * 100);

  const add = async () => {
    setAdding(true);
    setNotice(null);
    try {
      const { outcome, count } = await addRecipe(recipe, servings);
      if (count === 0) {
        showToast({
          title: 'Failed to update shopping list',
          description: 'This recipe has no ingredients to add.',
          variant: 'destructive',
        });
        setNotice({ tone: 'error', text: 'This recipe has no ingredients to add.' });
        return;
      }
      if (outcome === 'refused') return; // the store has said why
      const what = `${plural(count, 'ingredient', 'ingredients')} from ${recipe.title} (${plural(servings, 'serving', 'servings')})`;
      const description =
        outcome === 'saved' ? what : `${what}, saved on this device until you are back online.`;
      showToast({ title: 'Added to shopping list', description });
      setNotice({
        tone: 'info',
        text: `Added ${description.charAt(0).toLowerCase()}${description.slice(1)}.`,
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="space-y-5">
      <section aria-labelledby={`${ids}-add`} className="rounded-xl bg-paper p-4 dark:bg-night">
        <h3 id={`${ids}-add`} className="font-semibold">
          {recipe.title}
        </h3>
        <p className="muted text-sm">
          Ingredients for {plural(servings, 'serving', 'servings')}, as on the page.
        </p>
        <button
          ref={addButtonRef}
          type="button"
          className="btn-primary mt-3 w-full aria-disabled:opacity-60 sm:w-auto"
          onClick={() => !adding && void add()}
          aria-disabled={adding}
          aria-busy={adding}
          data-autofocus
        >
          <Icon icon={plusIcon} />
          {adding ? 'Adding…' : 'Add ingredients'}
        </button>
      </section>

      {notice && <DialogNotice tone={notice.tone}>{notice.text}</DialogNotice>}
      {list.error && <DialogNotice tone="error">Failed to update shopping list: {list.error}</DialogNotice>}
      <SyncStatus offline={list.offline} pending={list.pending} />

      {list.status === 'loading' && (
        <p className="muted" role="status">
          Loading your shopping list…
        </p>
      )}
      {list.status === 'error' && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          Couldn't load your shopping list.
          <button
            type="button"
            className="btn-ghost min-h-9 px-3 py-1"
            onClick={() => void syncShoppingList()}
          >
            Try again
          </button>
        </div>
      )}

      {list.status === 'ready' && total === 0 && (
        <p className="muted">Your shopping list is empty. Add this recipe's ingredients to start one.</p>
      )}

      {total > 0 && (
        <>
          <div>
            <div className="flex items-baseline justify-between text-sm">
              <span id={`${ids}-progress`} className="font-semibold">
                Checked off
              </span>
              <span className="muted tabular-nums" data-progress-text>
                {checked} of {total}
              </span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={`${ids}-progress`}
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={checked}
              aria-valuetext={`${checked} of ${plural(total, 'item', 'items')} checked`}
              className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
            >
              <div
                className="h-full rounded-full bg-herb-700 transition-[width] dark:bg-herb-300"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>

          {groupByCategory(list.items).map((group) => (
            <section key={group.category} aria-labelledby={`${ids}-${group.category}`}>
              <h3 id={`${ids}-${group.category}`} className="eyebrow flex items-center gap-2">
                {group.category}
                <span className="font-normal normal-case tracking-normal text-stone-500 dark:text-stone-400">
                  {group.items.filter((i) => i.checked).length}/{group.items.length}
                </span>
              </h3>
              <ul className="mt-1 divide-y divide-stone-100 dark:divide-night-line">
                {group.items.map((item) => {
                  const quantity = itemQuantity(item);
                  return (
                    <li
                      key={item.id}
                      className="flex items-center gap-1"
                      data-shopping-item
                      data-checked={item.checked}
                    >
                      <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-brand-50 dark:hover:bg-stone-800/60">
                        <input
                          type="checkbox"
                          checked={item.checked}
                          onChange={() => void toggle(item.id)}
                          className="peer mt-1 size-5 flex-none cursor-pointer accent-brand-700 dark:accent-brand-300"
                        />
                        {/* Struck through when ticked, in a grey that still reads in dark mode (4.5:1). */}
                        <span className="min-w-0 decoration-2 peer-checked:text-stone-500 peer-checked:line-through dark:peer-checked:text-stone-400">
                          {quantity && <strong className="font-semibold">{quantity} </strong>}
                          {item.ingredient}
                          {item.recipeTitle && (
                            <small className="muted block text-xs">{item.recipeTitle}</small>
                          )}
                        </span>
                      </label>
                      <button
                        type="button"
                        onClick={(event) => {
                          const refocus = focusAfterRemoval(event.currentTarget, () => addButtonRef.current);
                          void remove(item.id);
                          // The row leaves with the next render.
                          requestAnimationFrame(refocus);
                        }}
                        data-row-action="remove-item"
                        aria-label={`Remove ${quantity ? `${quantity} ` : ''}${item.ingredient}`}
                        className="inline-flex size-11 flex-none items-center justify-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700 dark:text-stone-400 dark:hover:bg-red-950/40 dark:hover:text-red-300"
                      >
                        <Icon icon={trashIcon} />
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

/** True once `value` has stayed true for `ms` (a change that syncs at once never flashes a banner). */
function useLasting(value: boolean, ms: number): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!value) {
      setLasting(false);
      return;
    }
    const timer = setTimeout(() => setLasting(true), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value && lasting;
}

function SyncStatus({ offline, pending }: { offline: boolean; pending: number }) {
  const slow = useLasting(pending > 0, 1500);
  if (!offline && !slow) return null;
  const changes = plural(pending, 'change', 'changes');
  const text = offline
    ? pending > 0
      ? `Offline: ${changes} saved on this device will sync when you're back online.`
      : 'Offline: showing the list saved on this device.'
    : `Syncing ${changes}…`;
  return (
    <p
      role="status"
      data-sync-status
      className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <span
        aria-hidden="true"
        className={`size-2 flex-none rounded-full ${offline ? 'bg-amber-500' : 'animate-pulse bg-herb-700 dark:bg-herb-300'}`}
      />
      {text}
    </p>
  );
}

/** Export, clear checked and clear all (asked first); nothing while the list is empty. */
export function ShoppingListActions() {
  const list = useStore($shoppingList);
  const [confirmClear, setConfirmClear] = useState(false);
  const total = list.items.length;
  const checked = list.items.filter((item) => item.checked).length;
  if (total === 0) return null;

  const download = (button: HTMLElement) => {
    const url = URL.createObjectURL(new Blob([exportText()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = EXPORT_FILE_NAME;
    // Inside the dialog: while a modal is open the rest of the page is inert.
    (button.closest('dialog') ?? document.body).append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <button
        type="button"
        className="btn-ghost px-3.5 sm:px-5"
        onClick={(event) => download(event.currentTarget)}
      >
        <Icon icon={downloadIcon} />
        Export
      </button>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus out of the dialog. */}
      <button
        type="button"
        className="btn-ghost px-3.5 aria-disabled:cursor-not-allowed sm:px-5 aria-disabled:opacity-50"
        onClick={() => checked > 0 && void clearChecked()}
        aria-disabled={checked === 0}
      >
        Clear checked
      </button>
      <button
        type="button"
        className="btn-ghost px-3.5 text-red-700 sm:px-5 dark:text-red-300"
        onClick={() => setConfirmClear(true)}
      >
        Clear all
      </button>
      <ConfirmDialog
        open={confirmClear}
        title="Clear the shopping list?"
        message={`All ${plural(total, 'item', 'items')} will be removed from your list, on every device.`}
        confirmLabel="Clear all"
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          void clearAll();
        }}
      />
    </>
  );
}
