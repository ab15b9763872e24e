import { atom } from 'nanostores';
import type { ShoppingItem } from '../lib/schemas/shopping-item.ts';
import { applyPending, type PendingOp } from '../lib/shopping/pending-ops.ts';
import { writeCopy } from './shopping-device-copies.ts';

// The shopping list's state: what the islands see ($shoppingList), the engine's memory behind
// it (the server's last list and the changes not yet confirmed), and the copy of that memory
// kept on the device. The sync queue (shopping-list-sync.ts) and the list's actions
// (shopping-list.ts) both work on this one memory.

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

export const IDLE: ShoppingListState = {
  userId: null,
  items: [],
  status: 'idle',
  pending: 0,
  offline: false,
  error: null,
};

/** The list and its sync state. Subscribing (an island mounting) loads it for the signed-in user. */
export const $shoppingList = atom<ShoppingListState>(IDLE);

/**
 * The engine's memory. `generation` changes whenever the user changes, so answers to requests
 * made for someone else are dropped; `writesSent` counts changes sent, so a list answer that
 * started before a change went out is recognised as stale.
 */
export const engine = {
  userId: null as number | null,
  /** The server's last list. */
  base: [] as ShoppingItem[],
  /** The changes not yet confirmed, oldest first. */
  queue: [] as PendingOp[],
  nextSeq: 1,
  /** Lines added on this device have negative ids until the server names them. */
  nextTempId: -1,
  /** A list (the server's or the device's copy) has been shown. */
  hasList: false,
  generation: 0,
  writesSent: 0,
};

/** Keeps the memory on the device, so the list opens (and ticks wait) with no signal. */
export function persist(): void {
  const { userId, base, queue, nextSeq, nextTempId } = engine;
  if (userId !== null) writeCopy(userId, { v: 1, base, queue, nextSeq, nextTempId });
}

/** The list as shown: the server's list with the pending changes applied. */
export function currentItems(): ShoppingItem[] {
  return applyPending(engine.base, engine.queue);
}

/** Shows the memory (and `changes` to the sync state) to the islands. */
export function publish(changes: Partial<ShoppingListState> = {}): void {
  // .value, not .get(): get() on a store nobody listens to would mount it (and start a sync).
  const current = $shoppingList.value;
  $shoppingList.set({
    ...current,
    ...changes,
    userId: engine.userId,
    items: currentItems(),
    pending: engine.queue.length,
  });
}

export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
