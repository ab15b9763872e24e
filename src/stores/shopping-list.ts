import { atom, onMount } from 'nanostores';
import { api, ApiRequestError, errorText } from '../lib/api/client.ts';
import type { ShoppingItem, ShoppingItemValues } from '../lib/schemas/shopping-item.ts';
import { recipeToItems, type ShoppingRecipe } from '../lib/shopping/ingredient-item.ts';
import {
  applyPending,
  resolveNewIds,
  targetId,
  type PendingChange,
  type PendingOp,
} from '../lib/shopping/pending-ops.ts';
import { mergeKey } from '../lib/shopping/merge.ts';
import { exportShoppingText } from '../lib/shopping/shopping-text.ts';
import { forgetSyncedCopies, readCopy, removeCopy, writeCopy } from './shopping-device-copies.ts';
import { $user, onLogout } from './session.ts';
import { showToast } from './toasts.ts';

// The signed-in user's shopping list, kept on the server so it follows them
// across devices, with a copy in localStorage (per user) so the list opens and ticks work in a
// shop with no signal. Every change goes into a queue, is shown at once,
// and is sent to the server in order, one at a time; the queue is replayed when the browser is
// back online, when the window regains focus, and every RETRY_MS while the server is out of
// reach. What the user sees is "the server's last answer + the pending changes", and a list
// answer is only believed if no change went out while it was on its way: a tick is never lost
// and never undone by a late or stale answer.

export interface ShoppingListState {
  /** Whose list this is; null when nobody is signed in. */
  userId: number | null;
  /** The list as shown: the server's list with the pending changes applied. */
  items: ShoppingItem[];
  /** idle: nobody signed in; loading: first load with no copy on this device; error: nothing to show. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Changes made on this device that the server has not confirmed yet. */
  pending: number;
  /** The last attempt to reach the server failed for want of a connection. */
  offline: boolean;
  /** The server's last refusal, for the dialog (a modal dialog covers the page's toasts). */
  error: string | null;
}

/** What happened to a change: confirmed by the server, kept on the device for later, or refused. */
export type SyncOutcome = 'saved' | 'queued' | 'refused';

/** How often a change is sent again while the server cannot be reached. */
export const RETRY_MS = 20_000;

const IDLE: ShoppingListState = {
  userId: null,
  items: [],
  status: 'idle',
  pending: 0,
  offline: false,
  error: null,
};

/** The list and its sync state. Subscribing (an island mounting) loads it for the signed-in user. */
export const $shoppingList = atom<ShoppingListState>(IDLE);

// The engine's memory. `generation` changes whenever the user changes, so answers to requests
// made for someone else are dropped; `writesSent` counts changes sent, so a list answer that
// started before a change went out is recognised as stale.
let userId: number | null = null;
let base: ShoppingItem[] = [];
let queue: PendingOp[] = [];
let nextSeq = 1;
let nextTempId = -1;
let hasList = false;
let generation = 0;
let writesSent = 0;
let flushing: Promise<void> | undefined;
let refreshing: Promise<void> | undefined;
let refreshWanted = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const waiters = new Map<number, (outcome: SyncOutcome) => void>();

function persist(): void {
  if (userId !== null) writeCopy(userId, { v: 1, base, queue, nextSeq, nextTempId });
}

function publish(changes: Partial<ShoppingListState> = {}): void {
  // .value, not .get(): get() on a store nobody listens to would mount it (and start a sync).
  const current = $shoppingList.value;
  $shoppingList.set({
    ...current,
    ...changes,
    userId,
    items: applyPending(base, queue),
    pending: queue.length,
  });
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** No answer (network down) or the server is struggling: worth sending again later. */
function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return true;
  return err.status >= 500 || err.status === 429 || err.status === 408;
}

function settle(seq: number, outcome: SyncOutcome): void {
  waiters.get(seq)?.(outcome);
  waiters.delete(seq);
}

function settleWaiting(outcome: SyncOutcome): void {
  for (const seq of [...waiters.keys()]) settle(seq, outcome);
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void syncShoppingList();
  }, RETRY_MS);
}

async function send(op: PendingOp): Promise<unknown> {
  switch (op.op) {
    case 'add':
      return api.post('/api/shopping-list/items', { body: { items: op.items } });
    case 'check':
      return api.patch('/api/shopping-list/items/:id', {
        params: { id: op.id },
        body: { checked: op.checked },
      });
    case 'remove':
      return api.delete('/api/shopping-list/items/:id', { params: { id: op.id } });
    case 'clear':
      return api.delete('/api/shopping-list', { query: op.onlyChecked ? { checked: 'true' } : {} });
  }
}

/** The server confirmed the change at the head of the queue: fold its answer into the base list. */
function acknowledge(op: PendingOp, answer: unknown): void {
  queue.shift();
  switch (op.op) {
    case 'add': {
      const list = answer as ShoppingItem[];
      const realIds = resolveNewIds(op, list);
      const tempIds = new Set(Object.values(op.newIds));
      // Later changes to lines this add created now name the lines' real ids.
      queue = queue.flatMap((later) => {
        const id = targetId(later);
        if (id === undefined || !tempIds.has(id)) return [later];
        const real = realIds.get(id);
        return real === undefined ? [] : [{ ...later, id: real } as PendingOp];
      });
      base = list;
      break;
    }
    case 'check': {
      const item = answer as ShoppingItem;
      if (base.some((b) => b.id === item.id)) base = base.map((b) => (b.id === item.id ? item : b));
      else refreshWanted = true;
      break;
    }
    case 'remove':
      base = base.filter((b) => b.id !== op.id);
      break;
    case 'clear':
      base = op.onlyChecked ? base.filter((b) => !b.checked) : [];
      break;
  }
  persist();
}

/** The server refused the change at the head of the queue: drop it (and changes that depend on it). */
function refuse(op: PendingOp, err: unknown): void {
  queue.shift();
  if (op.op === 'add') {
    const tempIds = new Set(Object.values(op.newIds));
    queue = queue.filter((later) => {
      const id = targetId(later);
      return id === undefined || !tempIds.has(id);
    });
  }
  refreshWanted = true;
  persist();
  // A tick or removal of an item already gone (removed on another device) needs no apology.
  const gone = err instanceof ApiRequestError && err.status === 404 && op.op !== 'add';
  if (gone) return;
  const message = errorText(err, 'Please try again.');
  showToast({ title: 'Failed to update shopping list', description: message, variant: 'destructive' });
  publish({ error: message });
}

/** Sends the queue's changes in order; true when it had to stop with changes left (offline, server down). */
async function drain(): Promise<boolean> {
  const gen = generation;
  while (gen === generation && queue.length > 0) {
    if (browserOffline()) {
      publish({ offline: true });
      settleWaiting('queued');
      return true;
    }
    const op = queue[0]!;
    writesSent += 1;
    try {
      const answer = await send(op);
      if (gen !== generation) return true;
      acknowledge(op, answer);
      publish({ offline: false });
      settle(op.seq, 'saved');
    } catch (err) {
      if (gen !== generation) return true;
      if (err instanceof ApiRequestError && err.status === 401) {
        publish({ error: 'Please log in again to sync your shopping list.' });
        settleWaiting('queued');
        return true;
      }
      if (isRetryable(err)) {
        publish({ offline: !(err instanceof ApiRequestError) });
        settleWaiting('queued');
        scheduleRetry();
        return true;
      }
      refuse(op, err);
      publish();
      settle(op.seq, 'refused');
    }
  }
  return false;
}

/** Sends the pending changes in order, one at a time (calls made while it runs share it). */
function flush(): Promise<void> {
  if (flushing) return flushing;
  const run: Promise<void> = drain().then((stopped) => {
    if (flushing !== run) return undefined; // the user changed meanwhile
    flushing = undefined;
    // A change queued just as the last one was confirmed: keep going.
    if (!stopped && queue.length > 0) return flush();
    if (refreshWanted && queue.length === 0) void refresh();
    return undefined;
  });
  flushing = run;
  return run;
}

/**
 * Fetches the server's list (calls made while one runs share it). Waits while changes are
 * pending: the answer could not be believed anyway.
 */
function refresh(): Promise<void> {
  if (userId === null) return Promise.resolve();
  // The request in flight notices by itself if a change goes out before its answer comes back.
  if (refreshing) return refreshing;
  if (queue.length > 0 || flushing) {
    refreshWanted = true;
    return Promise.resolve();
  }
  refreshWanted = false;
  const run: Promise<void> = fetchList().finally(() => {
    if (refreshing !== run) return;
    refreshing = undefined;
    if (refreshWanted) void refresh();
  });
  refreshing = run;
  return run;
}

/** One list request; its answer is believed only if no change was sent while it was on its way. */
async function fetchList(): Promise<void> {
  const gen = generation;
  const writesBefore = writesSent;
  try {
    const items = await api.get('/api/shopping-list');
    if (gen !== generation) return;
    if (writesBefore !== writesSent || queue.length > 0) {
      // A change went out meanwhile: this answer may predate it. Ask again once things settle.
      refreshWanted = true;
      return;
    }
    base = items;
    hasList = true;
    persist();
    publish({ status: 'ready', offline: false });
  } catch (err) {
    if (gen !== generation) return;
    if (isRetryable(err)) scheduleRetry();
    publish({ status: hasList ? 'ready' : 'error', offline: !(err instanceof ApiRequestError) });
  }
}

/** Replays the pending changes, then reloads the list (what `online` and focus do). */
export async function syncShoppingList(): Promise<void> {
  if (userId === null) return;
  const gen = generation;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  await flush();
  if (gen === generation && queue.length === 0) await refresh();
}

/** Starts (or refreshes) the list of a signed-in user: the device's copy at once, then the server's. */
export function startShoppingList(id: number): Promise<void> {
  if (userId !== id) {
    forgetMemory();
    userId = id;
    const copy = readCopy(id);
    if (copy) {
      ({ base, queue, nextSeq, nextTempId } = copy);
      hasList = true;
    }
    publish({ status: copy ? 'ready' : 'loading', offline: browserOffline(), error: null });
  }
  return syncShoppingList();
}

/** Clears the engine's memory (not the device's copy). */
function forgetMemory(): void {
  generation += 1;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  settleWaiting('queued');
  userId = null;
  base = [];
  queue = [];
  nextSeq = 1;
  nextTempId = -1;
  hasList = false;
  refreshWanted = false;
  flushing = undefined;
  refreshing = undefined;
  $shoppingList.set(IDLE);
}

/**
 * Forgets the list when the user logs out (or the session ends). The device's copy goes too,
 * except when it holds ticks the server has not seen and the browser is offline: the session
 * check fails without a connection, and those ticks must survive until the user is back.
 */
export function forgetShoppingList(): void {
  if (userId !== null && !(queue.length > 0 && browserOffline())) removeCopy(userId);
  forgetMemory();
}

onLogout(forgetShoppingList);

function enqueue(change: PendingChange): Promise<SyncOutcome> {
  if (userId === null) return Promise.resolve('refused');
  const op = { ...change, seq: nextSeq++ } as PendingOp;
  queue.push(op);
  persist();
  publish({ error: null });
  const outcome = new Promise<SyncOutcome>((resolve) => waiters.set(op.seq, resolve));
  void flush();
  return outcome;
}

function currentItems(): ShoppingItem[] {
  return applyPending(base, queue);
}

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
    newIds[key] ??= nextTempId--;
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
    if (user && user.id !== userId) void startShoppingList(user.id);
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
