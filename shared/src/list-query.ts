/**
 * The three big lists a page at a time (docs/api.md#lists): the dashboard's comparison, the
 * products and the competitor URLs. The server answers a page of the rows these functions keep, in
 * their order; the browser asks for pages. One source for the filters, the sorts and the search, so
 * a page is the same rows whether cut on the server or from the whole list.
 */
import * as z from 'zod';
import type { CompetitorUrl, Product } from './catalogue';
import { CHECK_OUTCOMES, type CheckOutcomeKind, FAILING_OUTCOMES } from './check-outcome';
import type { ComparisonStatus, DashboardProduct } from './dashboard';
import {
  categoryFilterSchema,
  dashboardFilterQuerySchema,
  filterDashboardProducts,
  searchQuerySchema,
  UNCATEGORIZED_FILTER,
} from './dashboard-filter';
import { competitorNameFromUrl } from './display';
import { idText } from './ids';
import { PAGE_SIZE } from './paging';
import { searchAndRank, searchWords } from './search';
import { type SortDirection, sortByKey } from './table-sort';

/** The most rows a page may hold. */
export const MAX_PAGE_SIZE = 100;
/** A list with more rows than this is only answered a page at a time (a whole list would pass Lambda's 6 MB). */
export const MAX_WHOLE_LIST_ROWS = 5_000;

/** How long a list's search waits for the next keystroke before it asks the server (docs/rules.md#17-client-timings-and-limits). */
export const SEARCH_PAUSE_MS = 250;

const PAGE_MESSAGE = 'page must be a whole number from 1';
const PAGE_SIZE_MESSAGE = `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** The paging and order parameters every list takes; `sort` is each list's own. */
export const pagingShape = {
  page: z
    .string(PAGE_MESSAGE)
    .regex(/^[1-9]\d{0,8}$/, PAGE_MESSAGE)
    .transform(Number)
    .optional(),
  page_size: z
    .string(PAGE_SIZE_MESSAGE)
    .regex(/^\d{1,3}$/, PAGE_SIZE_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, PAGE_SIZE_MESSAGE).max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE))
    .optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
};

const sortOf = <const C extends readonly [string, ...string[]]>(columns: C) =>
  z.enum(columns, { error: `sort must be one of ${columns.join(', ')}` }).optional();

export const DASHBOARD_SORTS = ['difference', 'status', 'name', 'sku'] as const;
export const PRODUCT_SORTS = ['name', 'sku'] as const;
export const COMPETITOR_URL_SORTS = ['product', 'competitor', 'last_check'] as const;

export const dashboardListQuerySchema = dashboardFilterQuerySchema.extend({
  ...pagingShape,
  sort: sortOf(DASHBOARD_SORTS),
});
export type DashboardListQuery = z.output<typeof dashboardListQuerySchema>;

export const productListQuerySchema = z.object({
  ...pagingShape,
  search: searchQuerySchema.optional(),
  category_id: categoryFilterSchema.optional(),
  sort: sortOf(PRODUCT_SORTS),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** The outcome filter's values besides an outcome: every failing outcome, or never checked. */
export const FAILING_FILTER = 'failing';
export const NEVER_CHECKED_FILTER = 'never';
const OUTCOME_FILTERS = [...CHECK_OUTCOMES, FAILING_FILTER, NEVER_CHECKED_FILTER] as const;

export const competitorUrlListQuerySchema = z.object({
  ...pagingShape,
  search: searchQuerySchema.optional(),
  product_id: idText('product_id').optional(),
  host: z.string().max(253, 'host: at most 253 characters').optional(),
  outcome: z
    .enum(OUTCOME_FILTERS, { error: `outcome must be one of ${OUTCOME_FILTERS.join(', ')}` })
    .optional(),
  sort: sortOf(COMPETITOR_URL_SORTS),
});
export type CompetitorUrlListQuery = z.output<typeof competitorUrlListQuerySchema>;
export type OutcomeFilter = (typeof OUTCOME_FILTERS)[number];

/** What a paged answer adds to the rows. */
export const pageFieldsShape = {
  /** Rows matching the filters and search, on every page. */
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  page_size: z.number().int().optional(),
};

export interface ListPage<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Whether the query asks for a page (either paging parameter), rather than the whole list. */
export const asksForPage = (query: { page?: number | undefined; page_size?: number | undefined }) =>
  query.page !== undefined || query.page_size !== undefined;

/**
 * The page asked for (page 1 of PAGE_SIZE rows when either is left out); past the last page, no
 * rows, with the total that says where the last one is.
 */
export function pageOf<T>(
  rows: readonly T[],
  { page = 1, page_size = PAGE_SIZE }: { page?: number | undefined; page_size?: number | undefined },
): ListPage<T> {
  const start = (page - 1) * page_size;
  return { rows: rows.slice(start, start + page_size), total: rows.length, page, page_size };
}

// A sorted copy is kept per list and order: the server keeps a list's rows until the catalogue
// changes, and sorting 100,000 rows on every page asked for would cost most of the call.
const sortedCopies = new WeakMap<readonly unknown[], Map<string, unknown[]>>();

function sortedOnce<T>(rows: readonly T[], key: string, sort: () => T[]): T[] {
  let copies = sortedCopies.get(rows);
  if (!copies) {
    copies = new Map();
    sortedCopies.set(rows, copies);
  }
  let sorted = copies.get(key) as T[] | undefined;
  if (!sorted) {
    sorted = sort();
    copies.set(key, sorted);
  }
  return sorted;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** Texts in the order people read them: case and accents aside, numbers by value ('K-2' before 'K-10'). */
const compareTexts = (a: readonly string[], b: readonly string[]) => {
  for (let i = 0; i < a.length; i += 1) {
    const order = collator.compare(a[i] ?? '', b[i] ?? '');
    if (order !== 0) return order;
  }
  return 0;
};
const compareNumbers = (a: number, b: number) => a - b;

/** A list sorted by one of its columns: a key per row (null sorts last either way) and how keys compare. */
interface SortColumn<T> {
  key: (row: T) => unknown;
  compare: (a: unknown, b: unknown) => number;
}
const column = <T, Key>(key: (row: T) => Key | null, compare: (a: Key, b: Key) => number) =>
  ({ key, compare }) as SortColumn<T>;

const sortRows = <T>(rows: readonly T[], { key, compare }: SortColumn<T>, order: SortDirection = 'asc') =>
  sortByKey(rows, key, order, compare);

/** Sorted by `name`'s column, the copy kept for the next call with the same rows. */
const sortedBy = <T>(rows: readonly T[], name: string, by: SortColumn<T>, order: SortDirection = 'asc') =>
  sortedOnce(rows, `${name} ${order}`, () => sortRows(rows, by, order));

// Ascending reads from "we are cheapest" to "we are dearest"; products without data are not ranked.
const STATUS_RANK: Record<ComparisonStatus, number | null> = { LOWER: 0, SAME: 1, HIGHER: 2, NO_DATA: null };

type DashboardRow = Pick<DashboardProduct, 'name' | 'sku' | 'category_id' | 'hidden'> & {
  price_comparison: Pick<DashboardProduct['price_comparison'], 'status' | 'price_difference'>;
};

const dashboardColumns: Record<(typeof DASHBOARD_SORTS)[number], SortColumn<DashboardRow>> = {
  difference: column((row: DashboardRow) => row.price_comparison.price_difference, compareNumbers),
  status: column((row: DashboardRow) => STATUS_RANK[row.price_comparison.status], compareNumbers),
  name: column((row: DashboardRow) => [row.name, row.sku], compareTexts),
  sku: column((row: DashboardRow) => [row.sku], compareTexts),
};

/**
 * The dashboard's rows for a query, in order: sorted by the column asked for (products without a
 * difference or status last either way, ties in catalogue order), then filtered as the export
 * filters (filterDashboardProducts; a search filters, it does not rank).
 */
export function dashboardListRows<T extends DashboardRow>(
  rows: readonly T[],
  query: DashboardListQuery,
): T[] {
  const sorted = query.sort ? sortedBy(rows, query.sort, dashboardColumns[query.sort], query.order) : rows;
  return filterDashboardProducts(sorted, query);
}

type ProductRow = Pick<Product, 'name' | 'sku' | 'category_id'>;

const productColumns: Record<(typeof PRODUCT_SORTS)[number], SortColumn<ProductRow>> = {
  name: column((row: ProductRow) => [row.name, row.sku], compareTexts),
  sku: column((row: ProductRow) => [row.sku], compareTexts),
};

/**
 * The products for a query: the category's (or those without one), and with a search, those whose
 * name or SKU holds every word, best match first (docs/rules.md#5-search-and-ranking); a sort
 * orders them by its column, ties by rank.
 */
export function productListRows<T extends ProductRow>(rows: readonly T[], query: ProductListQuery): T[] {
  const { category_id, search = '', sort, order } = query;
  const category = category_id === UNCATEGORIZED_FILTER ? null : category_id;
  const inCategory = (list: readonly T[]) =>
    category === undefined ? [...list] : list.filter((product) => product.category_id === category);
  if (searchWords(search).length === 0)
    return inCategory(sort ? sortedBy(rows, sort, productColumns[sort], order) : rows);
  const found = searchAndRank(inCategory(rows), search);
  return sort ? sortRows(found, productColumns[sort], order) : found;
}

type UrlRow = Pick<CompetitorUrl, 'product_id' | 'url' | 'competitor_name' | 'product' | 'last_check'>;

// The host and the search text of each URL, worked out once per row rather than once per call.
const derived = new WeakMap<object, { host: string; text: string }>();
function derive(url: UrlRow) {
  let found = derived.get(url);
  if (!found) {
    const host = competitorNameFromUrl(url.url);
    const text = [url.product.name, url.product.sku, url.competitor_name, host].join('\n').toLowerCase();
    found = { host, text };
    derived.set(url, found);
  }
  return found;
}

/** The host the Competitors page shows for a URL (leading www. removed), which the `host` filter names. */
export const hostOfUrl = (url: UrlRow): string => derive(url).host;

function outcomeMatches(url: UrlRow, filter: OutcomeFilter): boolean {
  const outcome = url.last_check?.outcome;
  if (filter === NEVER_CHECKED_FILTER) return outcome === undefined;
  if (outcome === undefined) return false;
  return filter === FAILING_FILTER
    ? FAILING_OUTCOMES.includes(outcome)
    : outcome === (filter as CheckOutcomeKind);
}

const urlColumns: Record<(typeof COMPETITOR_URL_SORTS)[number], SortColumn<UrlRow>> = {
  product: column((url: UrlRow) => [url.product.name, url.product.sku], compareTexts),
  competitor: column((url: UrlRow) => [hostOfUrl(url), url.competitor_name], compareTexts),
  last_check: column(
    (url: UrlRow) => (url.last_check ? Date.parse(url.last_check.checked_at) : null),
    compareNumbers,
  ),
};

/**
 * The competitor URLs for a query, in order: sorted by product (name, then SKU), competitor (host,
 * then name) or latest check (never checked last either way); then those of the product, of the
 * host, whose latest check passes the outcome filter, and whose product name, SKU, competitor name
 * or host holds every word of the search (any case).
 */
export function competitorUrlListRows<T extends UrlRow>(
  rows: readonly T[],
  query: CompetitorUrlListQuery,
): T[] {
  const { sort, order, product_id, host, outcome, search = '' } = query;
  const sorted = sort ? sortedBy(rows, sort, urlColumns[sort], order) : rows;
  const words = searchWords(search);
  const wantedHost = host?.trim().toLowerCase();
  return sorted.filter(
    (url) =>
      (product_id === undefined || url.product_id === product_id) &&
      (!wantedHost || derive(url).host.toLowerCase() === wantedHost) &&
      (outcome === undefined || outcomeMatches(url, outcome)) &&
      words.every((word) => derive(url).text.includes(word)),
  );
}
