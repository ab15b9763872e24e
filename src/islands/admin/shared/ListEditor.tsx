import type { ReactNode } from 'react';
import type { ListEdits } from './list-edits.ts';

// The buttons of a list editor's rows: move up, move down and remove, each a real button named
// for screen readers ('Move step 2 up', 'Remove ingredient 3'), and the '+ Add …' button under
// the list. The rows themselves are the editor's own.

export const smallButton =
  'inline-flex min-h-9 min-w-9 items-center justify-center rounded-full px-2.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-brand-50 disabled:opacity-40 dark:ring-night-line dark:hover:bg-stone-800';

/** The text input of a list row. */
export const rowInput = 'field min-h-10 rounded-lg px-3 py-2 text-sm';

export function RowControls<T>({
  noun,
  index,
  count,
  edits,
  down = true,
  className,
}: {
  /** The row's name in the buttons' labels: 'step' gives 'Move step 2 up'. */
  noun: string;
  index: number;
  count: number;
  edits: ListEdits<T>;
  /** Whether a Move down button is shown too. */
  down?: boolean;
  className: string;
}) {
  const n = index + 1;
  return (
    <div className={className}>
      <button
        type="button"
        className={smallButton}
        aria-label={`Move ${noun} ${n} up`}
        disabled={index === 0}
        onClick={() => edits.moveUp(index)}
      >
        ↑
      </button>
      {down && (
        <button
          type="button"
          className={smallButton}
          aria-label={`Move ${noun} ${n} down`}
          disabled={index === count - 1}
          onClick={() => edits.moveDown(index)}
        >
          ↓
        </button>
      )}
      <button
        type="button"
        className={smallButton}
        aria-label={`Remove ${noun} ${n}`}
        onClick={() => edits.remove(index)}
      >
        ✕
      </button>
    </div>
  );
}

/** A list editor's small text button ('+ Add step', 'Remove section'). */
export function ListButton({
  onClick,
  className = '',
  children,
}: {
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`${smallButton} ${className}`} onClick={onClick}>
      {children}
    </button>
  );
}
