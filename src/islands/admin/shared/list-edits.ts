// The edits a list editor offers on its rows (change one, remove one, move one, add one), as one
// place for the recipe's ingredient rows and sections, steps and questions.

/** Moves the item at `from` to `to` (both clamped), for reordering steps and rows. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export interface ListEdits<T> {
  /** Changes some of one row's values. */
  update: (index: number, patch: Partial<T>) => void;
  /** Removes one row; a list that keeps one row gets a fresh empty row in place of its last. */
  remove: (index: number) => void;
  moveUp: (index: number) => void;
  moveDown: (index: number) => void;
  add: () => void;
}

export function listEdits<T extends object>(
  items: readonly T[],
  onChange: (next: T[]) => void,
  { newItem, keepOne = false }: { newItem: () => T; keepOne?: boolean },
): ListEdits<T> {
  return {
    update: (index, patch) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item))),
    remove: (index) =>
      onChange(keepOne && items.length <= 1 ? [newItem()] : items.filter((_, i) => i !== index)),
    moveUp: (index) => onChange(move(items, index, index - 1)),
    moveDown: (index) => onChange(move(items, index, index + 1)),
    add: () => onChange([...items, newItem()]),
  };
}
