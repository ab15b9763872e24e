import { useStore } from '@nanostores/react';
import { Fragment, type ReactNode } from 'react';
import { EditDeleteButtons, LoadError, Panel, PublishedTag } from './fields.tsx';
import { $awaitingLive, $publishStatus, isAwaitingLive, itemKey } from './publish-state.ts';
import type { Resource } from './use-resource.ts';

// A tab's list of items from one GET (categories, pages, posts): the load error with Try Again,
// 'Loading…', the empty sentence, or one row per item with its Edit and Delete buttons (and
// 'Publishing…' while a change saved to it is not live yet).

/** Extra data-* hooks for tests and styles, rendered as they are given. */
type DataAttributes = Record<`data-${string}`, string | boolean>;

type ItemListProps<T> = {
  resource: Resource<T[]>;
  /** What to list of the loaded data (default: all of it). */
  items?: readonly T[] | undefined;
  errorTitle: string;
  onRetry: () => void;
  emptyText: string;
  /** One item's row, usually an <ItemRow>. */
  children: (item: T) => ReactNode;
} & DataAttributes;

export function ItemList<T extends { id: number }>({
  resource,
  items = resource.data,
  errorTitle,
  onRetry,
  emptyText,
  children,
  ...attributes
}: ItemListProps<T>) {
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

/** A tab's panel of items: its title, the button that starts a new item, the list. */
export interface ListTexts {
  title: string;
  /** The new item button's text ('New post'). */
  newLabel: string;
  /** The title over a failed load ('Error loading posts'). */
  errorTitle: string;
  /** What shows when there is nothing to list. */
  emptyText: string;
}

export function ListPanel<T extends { id: number }>({
  texts: { title, newLabel, ...texts },
  onNew,
  newButtonClass = 'btn-primary',
  after,
  ...list
}: Omit<ItemListProps<T>, keyof ListTexts> & {
  texts: ListTexts;
  onNew: () => void;
  newButtonClass?: string;
  /** Shown in the panel under the list (its dialogs). */
  after?: ReactNode;
}) {
  return (
    <Panel
      title={title}
      actions={
        <button type="button" className={newButtonClass} onClick={onNew}>
          {newLabel}
        </button>
      }
    >
      <ItemList {...texts} {...list} />
      {after}
    </Panel>
  );
}

/** One listed item: what it is (the children) and its Edit and Delete buttons. */
export function ItemRow({
  name,
  onEdit,
  onDelete,
  publishKey,
  children,
  ...attributes
}: {
  /** The item's name for the buttons' labels ("Edit Lemon Pie"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Its key (itemKey): 'Publishing…' shows while a change saved here is not live yet. */
  publishKey?: string;
  children: ReactNode;
} & DataAttributes) {
  const status = useStore($publishStatus);
  const awaiting = useStore($awaitingLive);
  const publishing = publishKey !== undefined && isAwaitingLive(publishKey, status, awaiting);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" {...attributes}>
      {children}
      <div className="flex flex-wrap items-center gap-3">
        {publishing && (
          <span
            data-item-publishing
            className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
          >
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" />
            Publishing…
          </span>
        )}
        <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** A page's or post's row: its title with 'Published' or 'Draft', the line under it, its buttons. */
export function PublishedItemRow<
  T extends { id: number; slug: string; title: string; isPublished: boolean },
>({
  kind,
  item,
  onEdit,
  onDelete,
  children,
}: {
  /** What it is: names its publish key and its data-page or data-post hook (its slug). */
  kind: 'page' | 'post';
  item: T;
  onEdit: (item: T) => void;
  onDelete: (item: T) => unknown;
  /** The line under the title (its address, …). */
  children: ReactNode;
}) {
  return (
    <ItemRow
      name={item.title}
      onEdit={() => onEdit(item)}
      onDelete={() => void onDelete(item)}
      publishKey={itemKey(kind, item.id)}
      {...{ [`data-${kind}`]: item.slug }}
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {item.title} <PublishedTag published={item.isPublished} />
        </p>
        <p className="muted text-sm">{children}</p>
      </div>
    </ItemRow>
  );
}
