import { api, ApiRequestError, errorText } from '../lib/api/client.ts';
import type { ShoppingItem } from '../lib/schemas/shopping-item.ts';
import { resolveNewIds, targetId, type PendingChange, type PendingOp } from '../lib/shopping/pending-ops.ts';
import { browserOffline, engine, persist, publish, type SyncOutcome } from './shopping-list-state.ts';
import { showToast } from './toasts.ts';

// The shopping list's offline queue: every change goes into it, is shown at once, and is sent
// to the server in order, one at a time; the queue is replayed when the browser is back online,
// when the window regains focus, and every RETRY_MS while the server is out of reach. A list
// answer is only believed if no change went out while it was on its way: a tick is never lost
// and never undone by a late or stale answer.

/** How often a change is sent again while the server cannot be reached. */
export const RETRY_MS = 20_000;

let flushing: Promise<void> | undefined;
let refreshing: Promise<void> | undefined;
let refreshWanted = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const waiters = new Map<number, (outcome: SyncOutcome) => void>();

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

function cancelRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
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

/** Drops the changes to lines an add created (the add was refused), or names their real ids. */
function retarget(op: PendingOp & { op: 'add' }, realIds: Map<number, number>): void {
  const tempIds = new Set(Object.values(op.newIds));
  engine.queue = engine.queue.flatMap((later) => {
    const id = targetId(later);
    if (id === undefined || !tempIds.has(id)) return [later];
    const real = realIds.get(id);
    return real === undefined ? [] : [{ ...later, id: real } as PendingOp];
  });
}

/** The server confirmed the change at the head of the queue: fold its answer into the base list. */
function acknowledge(op: PendingOp, answer: unknown): void {
  engine.queue.shift();
  switch (op.op) {
    case 'add': {
      const list = answer as ShoppingItem[];
      // Later changes to lines this add created now name the lines' real ids.
      retarget(op, resolveNewIds(op, list));
      engine.base = list;
      break;
    }
    case 'check': {
      const item = answer as ShoppingItem;
      if (engine.base.some((b) => b.id === item.id))
        engine.base = engine.base.map((b) => (b.id === item.id ? item : b));
      else refreshWanted = true;
      break;
    }
    case 'remove':
      engine.base = engine.base.filter((b) => b.id !== op.id);
      break;
    case 'clear':
      engine.base = op.onlyChecked ? engine.base.filter((b) => !b.checked) : [];
      break;
  }
  persist();
}

/** The server refused the change at the head of the queue: drop it (and changes that depend on it). */
function refuse(op: PendingOp, err: unknown): void {
  engine.queue.shift();
  if (op.op === 'add') retarget(op, new Map());
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
  const gen = engine.generation;
  while (gen === engine.generation && engine.queue.length > 0) {
    if (browserOffline()) {
      publish({ offline: true });
      settleWaiting('queued');
      return true;
    }
    const op = engine.queue[0]!;
    engine.writesSent += 1;
    try {
      const answer = await send(op);
      if (gen !== engine.generation) return true;
      acknowledge(op, answer);
      publish({ offline: false });
      settle(op.seq, 'saved');
    } catch (err) {
      if (gen !== engine.generation) return true;
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
    if (!stopped && engine.queue.length > 0) return flush();
    if (refreshWanted && engine.queue.length === 0) void refresh();
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
  if (engine.userId === null) return Promise.resolve();
  // The request in flight notices by itself if a change goes out before its answer comes back.
  if (refreshing) return refreshing;
  if (engine.queue.length > 0 || flushing) {
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
  const gen = engine.generation;
  const writesBefore = engine.writesSent;
  try {
    const items = await api.get('/api/shopping-list');
    if (gen !== engine.generation) return;
    if (writesBefore !== engine.writesSent || engine.queue.length > 0) {
      // A change went out meanwhile: this answer may predate it. Ask again once things settle.
      refreshWanted = true;
      return;
    }
    engine.base = items;
    engine.hasList = true;
    persist();
    publish({ status: 'ready', offline: false });
  } catch (err) {
    if (gen !== engine.generation) return;
    if (isRetryable(err)) scheduleRetry();
    publish({ status: engine.hasList ? 'ready' : 'error', offline: !(err instanceof ApiRequestError) });
  }
}

/** Replays the pending changes, then reloads the list (what `online` and focus do). */
export async function syncShoppingList(): Promise<void> {
  if (engine.userId === null) return;
  const gen = engine.generation;
  cancelRetry();
  await flush();
  if (gen === engine.generation && engine.queue.length === 0) await refresh();
}

/** Queues a change, shows it at once and sends it; resolves with what became of it. */
export function enqueue(change: PendingChange): Promise<SyncOutcome> {
  if (engine.userId === null) return Promise.resolve('refused');
  const op = { ...change, seq: engine.nextSeq++ } as PendingOp;
  engine.queue.push(op);
  persist();
  publish({ error: null });
  const outcome = new Promise<SyncOutcome>((resolve) => waiters.set(op.seq, resolve));
  void flush();
  return outcome;
}

/** Stops the queue for a user who is gone: no retry, no request in flight believed, no one waiting. */
export function stopSync(): void {
  engine.generation += 1;
  cancelRetry();
  settleWaiting('queued');
  refreshWanted = false;
  flushing = undefined;
  refreshing = undefined;
}
