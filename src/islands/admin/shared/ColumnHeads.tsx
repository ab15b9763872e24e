import type { ReactNode } from 'react';

// The header of the dashboard's tables (recipes, database tables, generation log): one column
// header per column, scoped for screen readers.

const RULE = 'border-b border-stone-200 dark:border-night-line';

type Column = string | { label: ReactNode; className: string };

export default function ColumnHeads({
  columns,
  cellClassName = '',
  ruled = false,
  className,
}: {
  /** A header's text (styled with cellClassName), or its content and its own classes. */
  columns: readonly Column[];
  cellClassName?: string;
  /** A line under the header row. */
  ruled?: boolean;
  /** The thead's classes. */
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr className={ruled ? RULE : undefined}>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={typeof column === 'string' ? cellClassName : column.className}>
            {typeof column === 'string' ? column : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
