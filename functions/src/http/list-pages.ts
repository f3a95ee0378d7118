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
import { getAllCompetitorUrls } from '../catalogue/competitor-urls';
import { getCatalogue } from '../catalogue/products';
import { getComparisonRows } from '../dashboard/dashboard-products';
import { InvalidInputError } from '../domain/errors';
import { keptValue } from './catalogue-cache';

/**
 * The three big lists (docs/api.md#lists): their rows are built once per catalogue version and kept
 * (keptValue), and each call keeps the rows its query asks for, a page of them when it names one.
 */

interface ListAnswer<T> {
  rows: T[];
  /** Only on a paged answer. */
  paging: { total: number; page: number; page_size: number } | Record<string, never>;
}

const grouped = new Intl.NumberFormat('en-GB');

function answer<T, Q extends { page?: number | undefined; page_size?: number | undefined }>(
  all: readonly T[],
  query: Q,
  select: (rows: readonly T[], query: Q) => T[],
): ListAnswer<T> {
  if (!asksForPage(query)) {
    if (all.length > MAX_WHOLE_LIST_ROWS)
      throw new InvalidInputError(
        `The list has ${grouped.format(all.length)} rows, more than the ${grouped.format(MAX_WHOLE_LIST_ROWS)} sent at once: ask for it a page at a time with page and page_size (at most ${MAX_PAGE_SIZE} rows a page)`,
      );
    return { rows: select(all, query), paging: {} };
  }
  const { rows, ...paging } = pageOf(select(all, query), query);
  return { rows, paging };
}

/** The dashboard's comparison rows, hidden products included, as kept for this catalogue version. */
export const keptComparisonRows = () => keptValue('comparison rows', getComparisonRows);

/** The dashboard's comparison rows, hidden products included (show_hidden decides). */
export async function dashboardList(query: DashboardListQuery): Promise<ListAnswer<DashboardProduct>> {
  return answer(await keptComparisonRows(), query, dashboardListRows);
}

export async function productList(query: ProductListQuery): Promise<ListAnswer<Product>> {
  return answer(await keptValue('products', getCatalogue), query, productListRows);
}

export async function competitorUrlList(query: CompetitorUrlListQuery): Promise<ListAnswer<CompetitorUrl>> {
  return answer(await keptValue('competitor urls', getAllCompetitorUrls), query, competitorUrlListRows);
}
