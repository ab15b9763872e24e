import { onMount } from 'nanostores';
import type { ShoppingItemValues } from '../lib/schemas/shopping-item.ts';
import { recipeToItems, type ShoppingRecipe } from '../lib/shopping/ingredient-item.ts';
import { mergeKey } from '../lib/shopping/merge.ts';
import { exportShoppingText } from '../lib/shopping/shopping-text.ts';
import { forgetSyncedCopies, readCopy, removeCopy } from './shopping-device-copies.ts';
import {
  $shoppingList,
  browserOffline,
  currentItems,
  engine,
  IDLE,
  publish,
  type SyncOutcome,
} from './shopping-list-state.ts';
import { enqueue, stopSync, syncShoppingList } from './shopping-list-sync.ts';
import { $user, onLogout } from './session.ts';

// The signed-in user's shopping list, kept on the server so it follows them across devices,
// with a copy in localStorage (per user) so the list opens and ticks work in a shop with no
// signal. What the user sees is "the server's last answer + the pending changes"
// (shopping-list-state.ts); changes reach the server through the offline queue
// (shopping-list-sync.ts). This module is what the islands use: start and forget a user's
// list, and the changes a cook makes.

export { $shoppingList, type ShoppingListState, type SyncOutcome } from './shopping-list-state.ts';
export { RETRY_MS, syncShoppingList } from './shopping-list-sync.ts';

/** Starts (or refreshes) the list of a signed-in user: the device's copy at once, then the server's. */
export function startShoppingList(id: number): Promise<void> {
  if (engine.userId !== id) {
    forgetMemory();
    engine.userId = id;
    const copy = readCopy(id);
    if (copy) {
      const { base, queue, nextSeq, nextTempId } = copy;
      Object.assign(engine, { base, queue, nextSeq, nextTempId, hasList: true });
    }
    publish({ status: copy ? 'ready' : 'loading', offline: browserOffline(), error: null });
  }
  return syncShoppingList();
}

/** Clears the engine's memory (not the device's copy). */
function forgetMemory(): void {
  stopSync();
  engine.userId = null;
  engine.base = [];
  engine.queue = [];
  engine.nextSeq = 1;
  engine.nextTempId = -1;
  engine.hasList = false;
  $shoppingList.set(IDLE);
}

/**
 * Forgets the list when the user logs out (or the session ends). The device's copy goes too,
 * except when it holds ticks the server has not seen and the browser is offline: the session
 * check fails without a connection, and those ticks must survive until the user is back.
 */
export function forgetShoppingList(): void {
  if (engine.userId !== null && !(engine.queue.length > 0 && browserOffline())) removeCopy(engine.userId);
  forgetMemory();
}

onLogout(forgetShoppingList);

/**
 * Adds a recipe's ingredients at `servings` (never below 1): the device shows them at once and
 * the server merges the same ingredient and unit. Resolves with how many lines were sent.
 */
export async function addRecipe(
  recipe: ShoppingRecipe,
  servings: number,
): Promise<{ outcome: SyncOutcome; count: number }> {
  const items: ShoppingItemValues[] = recipeToItems(recipe, servings);
  if (items.length === 0) return { outcome: 'refused', count: 0 };
  const newIds: Record<string, number> = {};
  for (const item of items) {
    const key = mergeKey(item.ingredient, item.unit);
    newIds[key] ??= engine.nextTempId--;
  }
  return { outcome: await enqueue({ op: 'add', items, newIds }), count: items.length };
}

/** Ticks or unticks an item. */
export function toggle(id: number): Promise<SyncOutcome> {
  const item = currentItems().find((i) => i.id === id);
  if (!item) return Promise.resolve('refused');
  return enqueue({ op: 'check', id, checked: !item.checked });
}

export function remove(id: number): Promise<SyncOutcome> {
  if (!currentItems().some((i) => i.id === id)) return Promise.resolve('refused');
  return enqueue({ op: 'remove', id });
}

export function clearChecked(): Promise<SyncOutcome> {
  return enqueue({ op: 'clear', onlyChecked: true });
}

export function clearAll(): Promise<SyncOutcome> {
  return enqueue({ op: 'clear', onlyChecked: false });
}

/** The text of shopping-list.txt for the list as shown. */
export function exportText(): string {
  return exportShoppingText(currentItems());
}

onMount($shoppingList, () => {
  // Islands render at build time too: no user and no window there.
  if (typeof window === 'undefined') return;
  const unsubscribe = $user.subscribe((user) => {
    // Focus already syncs: only a different user (or the first one) needs a start.
    if (user && user.id !== engine.userId) void startShoppingList(user.id);
    if (user === null) forgetSyncedCopies();
  });
  const sync = () => void syncShoppingList();
  const wentOffline = () => publish({ offline: true });
  const onVisible = () => {
    if (document.visibilityState === 'visible') sync();
  };
  window.addEventListener('online', sync);
  window.addEventListener('offline', wentOffline);
  window.addEventListener('focus', sync);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    unsubscribe();
    window.removeEventListener('online', sync);
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('focus', sync);
    document.removeEventListener('visibilitychange', onVisible);
  };
});
