import {
  asksForPage,
  type CompetitorUrl,
  type CompetitorUrlListQuery,
  competitorUrlListRows,
  type DashboardListQuery,
  type DashboardProduct,
  dashboardListRows,
  MAX_PAGE_SIZE,
  MAX_WHOLE_LIST_ROWS,
  type Product,
  type ProductListQuery,
  pageOf,
  productListRows,
} from '@cmp/shared';
import { getCompetitorUrlList } from '../catalogue/competitor-urls';
import { getCatalogue } from '../catalogue/products';
import { hostOnlySettings } from '../config';
import { getComparisonList } from '../dashboard/dashboard-products';
import { InvalidInputError } from '../domain/errors';
import { keptValue } from './catalogue-cache';

/**
 * The three big lists (docs/api.md#lists): their entries are made once per catalogue version and
 * kept (keptValue), and each call keeps the rows its query asks for, a page of them when it names
 * one. The dashboard's and the competitor URLs' entries build their rows when first asked for.
 */

interface ListAnswer<T> {
  rows: T[];
  /** Only on a paged answer. */
  paging: { total: number; page: number; page_size: number } | Record<string, never>;
}

const grouped = new Intl.NumberFormat('en-GB');

/**
 * The rows `query` asks for. `all`: the list's entries, which `select` filters and orders; `toRow`
 * builds an entry's row, only for the rows answered when entries build them on demand.
 */
function answer<E, T, Q extends { page?: number | undefined; page_size?: number | undefined }>(
  all: readonly E[],
  query: Q,
  select: (entries: readonly E[], query: Q) => E[],
  toRow: (entry: E) => T,
): ListAnswer<T> {
  if (!asksForPage(query)) {
    const most = hostOnlySettings().wholeListRowsForTests ?? MAX_WHOLE_LIST_ROWS;
    if (all.length > most)
      throw new InvalidInputError(
        `The list has ${grouped.format(all.length)} rows, more than the ${grouped.format(most)} sent at once: ask for it a page at a time with page and page_size (at most ${MAX_PAGE_SIZE} rows a page)`,
      );
    return { rows: select(all, query).map(toRow), paging: {} };
  }
  const { rows, ...paging } = pageOf(select(all, query), query);
  return { rows: rows.map(toRow), paging };
}

const builtRow = <T>(entry: { row(): T }) => entry.row();

/** The dashboard's entries, hidden products included, as kept for this catalogue version. */
export const keptComparisonList = () => keptValue('comparison list', getComparisonList);

/** The dashboard's comparison rows, hidden products included, every one built. */
export const keptComparisonRows = async () => (await keptComparisonList()).map(builtRow);

/** The dashboard's comparison rows, hidden products included (show_hidden decides). */
export async function dashboardList(query: DashboardListQuery): Promise<ListAnswer<DashboardProduct>> {
  return answer(await keptComparisonList(), query, dashboardListRows, builtRow);
}

export async function productList(query: ProductListQuery): Promise<ListAnswer<Product>> {
  return answer(await keptValue('products', getCatalogue), query, productListRows, (product) => product);
}

export async function competitorUrlList(query: CompetitorUrlListQuery): Promise<ListAnswer<CompetitorUrl>> {
  const entries = await keptValue('competitor url list', getCompetitorUrlList);
  return answer(entries, query, competitorUrlListRows, builtRow);
}
