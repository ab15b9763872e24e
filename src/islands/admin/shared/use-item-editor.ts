import { useState } from 'react';

// A tab that shows either its list or the editor of one item in its place (pages, posts): New
// opens an empty editor; a save keeps the editor open on the saved item (fresh, so its versions
// follow); Back returns to the list. The list reloads after every save and on the way back. A
// small item (a category) is edited in a dialog over the list instead.

type Mode<T> = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; item: T };

export interface ItemEditor<T> {
  /** True while the editor takes the list's place. */
  open: boolean;
  /** The item being edited; undefined for a new one. */
  item: T | undefined;
  /** A key for the editor that changes with the item's saved state, so its form starts afresh. */
  key: string;
  startNew: () => void;
  edit: (item: T) => void;
  /** The editor's onDone: the saved item to stay on, or nothing to go back to the list. */
  done: (saved?: T) => void;
}

export function useItemEditor<T extends { id: number; updatedAt: string }>(
  reload: () => void,
): ItemEditor<T> {
  const [mode, setMode] = useState<Mode<T>>({ kind: 'list' });
  const item = mode.kind === 'edit' ? mode.item : undefined;
  return {
    open: mode.kind !== 'list',
    item,
    key: item ? `${item.id}-${item.updatedAt}` : 'new',
    startNew: () => setMode({ kind: 'new' }),
    edit: (next) => setMode({ kind: 'edit', item: next }),
    done: (saved) => {
      reload();
      setMode(saved ? { kind: 'edit', item: saved } : { kind: 'list' });
    },
  };
}

export interface ItemDialog<T> {
  /** True while the dialog is shown. */
  open: boolean;
  /** The item being edited; undefined for a new one. */
  item: T | undefined;
  startNew: () => void;
  edit: (item: T) => void;
  close: () => void;
  /** The dialog's onSaved: it closes and the list reloads. */
  saved: () => void;
}

/** A small item's form in a dialog over the list (a category): closed by Cancel or by a save. */
export function useItemDialog<T>(reload: () => void): ItemDialog<T> {
  const [mode, setMode] = useState<Mode<T>>({ kind: 'list' });
  const close = () => setMode({ kind: 'list' });
  return {
    open: mode.kind !== 'list',
    item: mode.kind === 'edit' ? mode.item : undefined,
    startNew: () => setMode({ kind: 'new' }),
    edit: (item) => setMode({ kind: 'edit', item }),
    close,
    saved: () => {
      close();
      reload();
    },
  };
}
