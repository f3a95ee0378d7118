// A table one page at a time, as the server cut it, with the pager below it; or the table's empty state
// when nothing matches.
import { clampPage } from '@cmp/shared';
import { type ReactNode, useEffect } from 'react';
import type { PageOfRows } from '../api/list-pages';
import { Pagination } from './ui/pagination';

export function PagedList<T>({
  page,
  onPageChange,
  noun,
  empty,
  busy = false,
  children,
}: {
  /** The page the server answered, with the total it was cut from. */
  page: PageOfRows<T>;
  onPageChange(page: number): void;
  /** Plural noun for the pager's summary, e.g. 'products'. */
  noun: string;
  /** Shown instead of the table when nothing matches. */
  empty: ReactNode;
  /** Another page is on its way: the one shown stays, dimmed, and says it is busy. */
  busy?: boolean;
  /** The table of the page's rows. */
  children(rows: T[]): ReactNode;
}) {
  // A list that shrank under the page asked for (a delete, a filter elsewhere) moves to its last page.
  const lastPage = clampPage(page.page, page.total, page.pageSize);
  useEffect(() => {
    if (page.rows.length === 0 && lastPage < page.page) onPageChange(lastPage);
  }, [page.rows.length, page.page, lastPage, onPageChange]);
  if (page.total === 0) return empty;
  return (
    <>
      <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : undefined}>
        {children(page.rows)}
      </div>
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        totalItems={page.total}
        noun={noun}
        onPageChange={onPageChange}
      />
    </>
  );
}
