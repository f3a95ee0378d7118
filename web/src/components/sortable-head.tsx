// A column header that sorts its table: a real button, and aria-sort so the order is announced.

import type { TableSort } from '@cmp/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableHead } from './ui/table';

export function SortableHead<Column extends string>({
  column,
  sort,
  onSort,
  className,
  sticky,
  children,
}: {
  column: Column;
  sort: TableSort<Column> | null;
  onSort(column: Column): void;
  className?: string;
  /** The table's product column: held at the left edge on narrow windows. */
  sticky?: boolean;
  children: ReactNode;
}) {
  const direction = sort?.column === column ? sort.direction : null;
  const Arrow = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      className={className}
      sticky={sticky}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <Arrow className={direction ? 'size-4 text-foreground' : 'size-4 opacity-50'} aria-hidden="true" />
        <span className="sr-only">
          {direction === 'asc' ? '(sorted ascending)' : direction === 'desc' ? '(sorted descending)' : ''}
        </span>
      </button>
    </TableHead>
  );
}
