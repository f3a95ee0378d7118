// The big lists a page at a time (docs/api.md#lists): the query as the API takes it, the swr hook each
// list's page uses, and the reload of every page of a list after a change.
import { SEARCH_PAUSE_MS } from '@cmp/shared';
import { useEffect, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { notifyError } from '../lib/notify';
import { keys } from './keys';

/** A list's page and what it was cut from, as the table and its pager need them. */
export interface PageOfRows<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

type QueryValue = string | number | boolean | null | undefined;

/** The parameters that are set, as text, in a fixed order (so the same query is the same cache key). */
export function listQuery(query: Readonly<Record<string, QueryValue>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(
        (entry): entry is [string, string | number | boolean] =>
          entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
      )
      .map(([name, value]) => [name, String(value)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * One page of a list, refetched when the query changes; the page shown so far stays while the next
 * loads, so typing in a search does not empty the table.
 */
export function useListPage<T>(
  route: string,
  /** null: nothing to ask yet (nothing fetched). */
  query: Record<string, string> | null,
  fetchPage: (query: Record<string, string>) => Promise<PageOfRows<T>>,
  /** The toast when it fails; '' for none. */
  failure: string,
) {
  return useSWR(query && keys.listPage(route, query), () => fetchPage(query ?? {}), {
    keepPreviousData: true,
    onError: (error) => failure && notifyError(error, failure),
  });
}

/** Fetches every page of `route` shown or cached again (after a change to what the list holds). */
export const reloadList = (route: string) => mutate((key) => Array.isArray(key) && key[0] === route);

/** `value`, once it has stayed the same for `ms` (a search asks the server once the typing pauses). */
export function useSettledValue<T>(value: T, ms = SEARCH_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A paged answer's rows with its paging fields (asked with `page`, the answer always has them). */
export function pageOfAnswer<T>(
  rows: T[],
  answer: { total?: number | undefined; page?: number | undefined; page_size?: number | undefined },
): PageOfRows<T> {
  return {
    rows,
    total: answer.total ?? rows.length,
    page: answer.page ?? 1,
    pageSize: answer.page_size ?? rows.length,
  };
}

/**
 * Whether an empty filtered page is empty because of the filters: asked (one row of the unfiltered list)
 * only when a filtered page comes back empty, so the table can tell "nothing matches" from "nothing yet".
 */
export function useFilteredOut<T>(
  route: string,
  fetchPage: (query: Record<string, string>) => Promise<PageOfRows<T>>,
  filtered: boolean,
  page: PageOfRows<T> | undefined,
): boolean {
  const ask = filtered && page?.total === 0;
  const whole = useListPage(route, ask ? listQuery({ page: 1, page_size: 1 }) : null, fetchPage, '');
  return filtered && (whole.data?.total ?? 1) > 0;
}
