// The comparison table's view logic (docs/screens.md#4-dashboard-price-overview-tab): the filters and sort
// as the API takes them (it filters, sorts and pages), and the texts of the cells.
import {
  type ComparisonStatus,
  type DashboardFilters,
  margin,
  PAGE_SIZE,
  searchWords,
  type TableSort,
  UNCATEGORIZED_FILTER,
} from '@cmp/shared';
import { listQuery } from '../../../api/list-pages';
import { ALL_CATEGORIES, UNCATEGORIZED } from '../../../lib/category-filter';

export const ALL_STATUSES = 'all';

export const STATUS_OPTIONS: readonly { value: ComparisonStatus; label: string }[] = [
  { value: 'LOWER', label: 'Lower Price' },
  { value: 'HIGHER', label: 'Higher Price' },
  { value: 'SAME', label: 'Same Price' },
  { value: 'NO_DATA', label: 'No Data' },
];

export const statusLabel = (status: ComparisonStatus): string =>
  STATUS_OPTIONS.find((option) => option.value === status)?.label ?? 'No Data';

export interface ComparisonFilters {
  search: string;
  /** 'all' or a ComparisonStatus. */
  status: string;
  /** 'all', 'none' (uncategorized) or a category id as text. */
  category: string;
}

/** The filters as the API's export and the shared filter take them: 'all' becomes "no filter". */
export function dashboardFilters({ search, status, category }: ComparisonFilters): DashboardFilters {
  return {
    ...(searchWords(search).length > 0 ? { search } : {}),
    ...(status === ALL_STATUSES ? {} : { status: status as ComparisonStatus }),
    ...(category === ALL_CATEGORIES
      ? {}
      : { category_id: category === UNCATEGORIZED ? UNCATEGORIZED_FILTER : Number(category) }),
  };
}

/** A page of the table as the API is asked for it: the filters, the sort and the page (docs/api.md#lists). */
export function comparisonPageQuery(
  filters: ComparisonFilters,
  sort: SortState | null,
  page: number,
): Record<string, string> {
  const { search, status, category_id } = dashboardFilters(filters);
  return listQuery({
    search,
    status,
    category_id,
    sort: sort?.column,
    order: sort?.direction,
    page,
    page_size: PAGE_SIZE,
  });
}

export type SortColumn = 'status' | 'difference';
export type SortState = TableSort<SortColumn>;

/** One decimal, as every percentage on the dashboard (docs/rules.md#4-display-formats). */
export const percentText = (value: number): string => `${value.toFixed(1)}%`;

/**
 * The Margin cell: our price minus cost, and that as a percent of cost ('0.0%' when cost is not positive).
 * @example marginText(50, 40, fmt) // { amount: '£10.00', percent: '25.0%' }
 */
export function marginText(
  price: number,
  cost: number | null,
  format: (amount: number | null) => string,
): { amount: string; percent: string } {
  const result = margin(price, cost);
  return { amount: format(result.amount), percent: percentText(result.percent) };
}

/**
 * The Difference cell: ours minus the lowest competitor price, signed, with its percent; null when
 * there is nothing to compare.
 * @example differenceText(5, 11.11, fmt) // { amount: '+£5.00', percent: '+11.1%' }
 */
export function differenceText(
  difference: number | null,
  percent: number | null,
  format: (amount: number) => string,
): { amount: string; percent: string | null } | null {
  if (difference === null) return null;
  const sign = difference > 0 ? '+' : difference < 0 ? '-' : '';
  return {
    amount: `${sign}${format(Math.abs(difference))}`,
    percent: percent === null ? null : `${percent > 0 ? '+' : ''}${percentText(percent)}`,
  };
}

/** 'X of Y with data' for the Competitors column. */
export const competitorsWithDataText = (withData: number, total: number): string =>
  `${withData} of ${total} with data`;

/**
 * Features of the popup a competitor page or a Google search opens in
 * (docs/rules.md#17-client-timings-and-limits: 1200x800 at offset 100).
 */
export const POPUP_FEATURES = 'width=1200,height=800,left=100,top=100';

/**
 * The Google search for a product: its SKU and name.
 * @example googleSearchUrl({ sku: 'K-1', name: 'Kettle 1.7L' }) // 'https://www.google.com/search?q=K-1%20Kettle%201.7L'
 */
export function googleSearchUrl(product: { sku: string; name: string }): string {
  return `https://www.google.com/search?q=${encodeURIComponent(`${product.sku} ${product.name}`)}`;
}
