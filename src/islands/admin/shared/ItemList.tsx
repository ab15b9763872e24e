import { Fragment, type ReactNode } from 'react';
import { EditDeleteButtons, LoadError } from './fields.tsx';
import type { Resource } from './use-resource.ts';

// A tab's list of items from one GET (categories, pages, posts): the load error with Try Again,
// 'Loading…', the empty sentence, or one row per item with its Edit and Delete buttons.

/** Extra data-* hooks for tests and styles, rendered as they are given. */
type DataAttributes = Record<`data-${string}`, string | boolean>;

export function ItemList<T extends { id: number }>({
  resource,
  items = resource.data,
  errorTitle,
  onRetry,
  emptyText,
  children,
  ...attributes
}: {
  resource: Resource<T[]>;
  /** What to list of the loaded data (default: all of it). */
  items?: readonly T[] | undefined;
  errorTitle: string;
  onRetry: () => void;
  emptyText: string;
  /** One item's row, usually an <ItemRow>. */
  children: (item: T) => ReactNode;
} & DataAttributes) {
  if (resource.status === 'failed')
    return <LoadError title={errorTitle} error={resource.error} onRetry={onRetry} />;
  if (!resource.data || !items) return <p className="muted">Loading…</p>;
  if (items.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ul className="divide-y divide-stone-200 dark:divide-night-line" {...attributes}>
      {items.map((item) => (
        <Fragment key={item.id}>{children(item)}</Fragment>
      ))}
    </ul>
  );
}

/** One listed item: what it is (the children) and its Edit and Delete buttons. */
export function ItemRow({
  name,
  onEdit,
  onDelete,
  children,
  ...attributes
}: {
  /** The item's name for the buttons' labels ("Edit Lemon Pie"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
} & DataAttributes) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" {...attributes}>
      {children}
      <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}
