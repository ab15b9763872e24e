import type { ShoppingItem } from '../lib/schemas/shopping-item.ts';
import type { PendingOp } from '../lib/shopping/pending-ops.ts';

// The shopping list's copy on this device (localStorage, one key per user): the server's last
// list and the changes not yet sent. Kept free of other imports so that any island (the header's
// account menu, the recipe page's button) can forget copies without loading the list's code.

export const COPY_PREFIX = 'forkful:shopping-list:';

export interface DeviceCopy {
  v: 1;
  base: ShoppingItem[];
  queue: PendingOp[];
  nextSeq: number;
  nextTempId: number;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

const keyOf = (userId: number) => `${COPY_PREFIX}${userId}`;

export function readCopy(userId: number): DeviceCopy | undefined {
  try {
    const text = storage()?.getItem(keyOf(userId));
    if (!text) return undefined;
    const copy = JSON.parse(text) as Partial<DeviceCopy>;
    if (copy.v !== 1 || !Array.isArray(copy.base) || !Array.isArray(copy.queue)) return undefined;
    return {
      v: 1,
      base: copy.base,
      queue: copy.queue,
      nextSeq: Number(copy.nextSeq) || 1,
      nextTempId: Math.min(-1, Number(copy.nextTempId) || -1),
    };
  } catch {
    return undefined;
  }
}

export function writeCopy(userId: number, copy: DeviceCopy): void {
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the list still works on this page, only not offline later.
  }
}

export function removeCopy(userId: number): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // Nothing stored.
  }
}

/** The users with a copy on this device. */
export function usersWithCopies(): number[] {
  const store = storage();
  if (!store) return [];
  try {
    return Array.from({ length: store.length }, (_, i) => store.key(i))
      .filter((key): key is string => key?.startsWith(COPY_PREFIX) ?? false)
      .map((key) => Number(key.slice(COPY_PREFIX.length)))
      .filter((id) => Number.isInteger(id));
  } catch {
    return [];
  }
}

/**
 * For when nobody is signed in (logged out, possibly in another tab, or the session expired):
 * copies go, except those holding changes the server has not seen yet, so no tick is lost.
 */
export function forgetSyncedCopies(): void {
  for (const userId of usersWithCopies()) {
    const copy = readCopy(userId);
    if (!copy || copy.queue.length === 0) removeCopy(userId);
  }
}
