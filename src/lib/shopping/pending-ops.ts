import { categorizeIngredient } from './categories.ts';
import type { ShoppingItem, ShoppingItemValues } from '../schemas/shopping-item.ts';
import { addAmounts, mergeKey, mergeTitles } from './merge.ts';

// Changes to the shopping list that the server has not confirmed yet. The list on screen is
// always "the server's last answer + these changes, in order", so a late or stale answer can
// never undo a tick: whatever is still pending is applied again on top of it.

export type PendingOp =
  /** `newIds`: merge key → temporary (negative) id of a line this add creates on the device. */
  | { seq: number; op: 'add'; items: ShoppingItemValues[]; newIds: Record<string, number> }
  | { seq: number; op: 'check'; id: number; checked: boolean }
  | { seq: number; op: 'remove'; id: number }
  | { seq: number; op: 'clear'; onlyChecked: boolean };

/** A change before it gets its place in the queue. */
export type PendingChange = PendingOp extends infer T
  ? T extends PendingOp
    ? Omit<T, 'seq'>
    : never
  : never;

/** The merge keys of the lines an add would create (not already on the list), in order. */
export function newLineKeys(items: readonly ShoppingItem[], adding: readonly ShoppingItemValues[]): string[] {
  const present = new Set(items.map((item) => mergeKey(item.ingredient, item.unit)));
  const fresh: string[] = [];
  for (const add of adding) {
    const key = mergeKey(add.ingredient, add.unit);
    if (!present.has(key)) {
      present.add(key);
      fresh.push(key);
    }
  }
  return fresh;
}

function applyAdd(items: ShoppingItem[], op: Extract<PendingOp, { op: 'add' }>): ShoppingItem[] {
  const next = [...items];
  const index = new Map(next.map((item, i) => [mergeKey(item.ingredient, item.unit), i]));
  for (const add of op.items) {
    const key = mergeKey(add.ingredient, add.unit);
    const at = index.get(key);
    if (at !== undefined) {
      const current = next[at]!;
      // More to buy: a merged line is unticked, as the server does.
      next[at] = {
        ...current,
        amount: addAmounts(current.amount, add.amount),
        recipeTitle: mergeTitles(current.recipeTitle, add.recipeTitle),
        checked: false,
      };
      continue;
    }
    const id = op.newIds[key];
    if (id === undefined) continue;
    index.set(key, next.length);
    next.push({
      id,
      ingredient: add.ingredient,
      amount: add.amount === null ? null : Math.round(add.amount * 1000) / 1000,
      unit: add.unit,
      recipeTitle: add.recipeTitle,
      checked: false,
      category: add.category ?? categorizeIngredient(add.ingredient),
    });
  }
  return next;
}

/** One change applied to a list (pure). */
export function applyOp(items: ShoppingItem[], op: PendingOp): ShoppingItem[] {
  switch (op.op) {
    case 'add':
      return applyAdd(items, op);
    case 'check':
      return items.map((item) => (item.id === op.id ? { ...item, checked: op.checked } : item));
    case 'remove':
      return items.filter((item) => item.id !== op.id);
    case 'clear':
      return op.onlyChecked ? items.filter((item) => !item.checked) : [];
  }
}

/** The list as the user should see it: the server's list with every pending change applied. */
export function applyPending(base: ShoppingItem[], queue: readonly PendingOp[]): ShoppingItem[] {
  return queue.reduce(applyOp, base);
}

/** The item id a change is about, if any. */
export function targetId(op: PendingOp): number | undefined {
  return op.op === 'check' || op.op === 'remove' ? op.id : undefined;
}

/**
 * After the server confirmed an add: the temporary ids it handed out, mapped to the real ids of
 * the lines in the server's answer (matched by merge key). Temporary ids with no line are absent.
 */
export function resolveNewIds(
  op: Extract<PendingOp, { op: 'add' }>,
  serverItems: readonly ShoppingItem[],
): Map<number, number> {
  const byKey = new Map(serverItems.map((item) => [mergeKey(item.ingredient, item.unit), item.id]));
  const mapping = new Map<number, number>();
  for (const [key, tempId] of Object.entries(op.newIds)) {
    const real = byKey.get(key);
    if (real !== undefined) mapping.set(tempId, real);
  }
  return mapping;
}
