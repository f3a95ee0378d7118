// A table one page at a time with the pager below it, or the table's empty state when there are no rows.
import { clampPage, PAGE_SIZE, pageSlice } from '@cmp/shared';
import { type ReactNode, useMemo } from 'react';
import { Pagination } from './ui/pagination';

export function PagedList<T>({
  items,
  page,
  onPageChange,
  noun,
  empty,
  children,
}: {
  items: readonly T[];
  /** The page asked for; a list that shrank (a delete, a filter) shows its last page instead. */
  page: number;
  onPageChange(page: number): void;
  /** Plural noun for the pager's summary, e.g. 'products'. */
  noun: string;
  /** Shown instead of the table when `items` is empty. */
  empty: ReactNode;
  /** The table of one page of `items`. */
  children(pageItems: T[]): ReactNode;
}) {
  const currentPage = clampPage(page, items.length);
  // The same array across renders that change neither, so a memoized table can skip them.
  const pageItems = useMemo(() => pageSlice(items, currentPage), [items, currentPage]);
  if (items.length === 0) return empty;
  return (
    <>
      {children(pageItems)}
      <Pagination
        page={currentPage}
        pageSize={PAGE_SIZE}
        totalItems={items.length}
        noun={noun}
        onPageChange={onPageChange}
      />
    </>
  );
}
