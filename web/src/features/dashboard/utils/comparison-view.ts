// The comparison table's view logic (docs/screens.md#4-dashboard-price-overview-tab): filters, sorting and
// the texts of its cells.
// Pure, so a keystroke at 10,000 products costs one pass over plain data and nothing else.
import {
  type ComparisonStatus,
  type DashboardFilters,
  type DashboardProduct,
  filterDashboardProducts,
  margin,
  searchWords,
  UNCATEGORIZED_FILTER,
} from '@cmp/shared';
import { ALL_CATEGORIES, UNCATEGORIZED } from '../../../lib/category-filter';
import { nextSort, sortByKey, type TableSort } from '../../../lib/table-sort';

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

/** Keeps the products that pass every filter, in their original order (the export keeps the same rows). */
export function filterComparison(
  products: readonly DashboardProduct[],
  filters: ComparisonFilters,
): DashboardProduct[] {
  return filterDashboardProducts(products, dashboardFilters(filters));
}

export type SortColumn = 'status' | 'difference';
export type SortState = TableSort<SortColumn>;
export { nextSort };

// Ascending reads from "we are cheapest" to "we are dearest"; products without data are not ranked.
const STATUS_RANK: Record<ComparisonStatus, number | null> = { LOWER: 0, SAME: 1, HIGHER: 2, NO_DATA: null };

function sortValue(product: DashboardProduct, column: SortColumn): number | null {
  return column === 'status'
    ? STATUS_RANK[product.price_comparison.status]
    : product.price_comparison.price_difference;
}

/**
 * Sorts a copy by status or difference; products with no value (No Data) stay last in either
 * direction, and ties keep their order.
 * @example sortComparison(rows, { column: 'difference', direction: 'desc' }) // dearest first
 */
export function sortComparison(
  products: readonly DashboardProduct[],
  sort: SortState | null,
): DashboardProduct[] {
  if (!sort) return [...products];
  return sortByKey(
    products,
    (product) => sortValue(product, sort.column),
    sort.direction,
    (a, b) => a - b,
  );
}

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
