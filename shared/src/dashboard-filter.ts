import * as z from 'zod';
import { type ComparisonStatus, comparisonStatusSchema, type DashboardProduct } from './dashboard';
import { idText } from './ids';
import { matchesAllWords, searchWords } from './search';

/**
 * The dashboard's filters (docs/screens.md#4-dashboard-price-overview-tab): the table's pages
 * (GET /api/dashboard/products) and the CSV export (GET /api/dashboard/export.csv) keep the same
 * rows through this one function.
 */

/** The category filter's value for products without a category. */
export const UNCATEGORIZED_FILTER = 'none';

/** A category filter as a query parameter: a category id, or 'none' for products without one. */
export const categoryFilterSchema = z.union([z.literal(UNCATEGORIZED_FILTER), idText('category_id')], {
  error: `category_id must be a category id or '${UNCATEGORIZED_FILTER}' (no category)`,
});

/** A search as a query parameter. */
export const searchQuerySchema = z.string().max(200, 'search: at most 200 characters');

/** The filters as query parameters; a parameter left out does not filter. */
export const dashboardFilterQuerySchema = z.object({
  search: searchQuerySchema.optional(),
  status: z
    .enum(comparisonStatusSchema.options, { error: 'status must be LOWER, HIGHER, SAME or NO_DATA' })
    .optional(),
  category_id: categoryFilterSchema.optional(),
  show_hidden: z
    .enum(['true', 'false'], { error: 'show_hidden must be true or false' })
    .transform((text) => text === 'true')
    .optional(),
});

/** The filters as the table and the export apply them. */
export interface DashboardFilters {
  search?: string | undefined;
  status?: ComparisonStatus | undefined;
  category_id?: number | typeof UNCATEGORIZED_FILTER | undefined;
  /** Hidden products are left out unless this is true. */
  show_hidden?: boolean | undefined;
}

type Filterable = Pick<DashboardProduct, 'name' | 'sku' | 'category_id' | 'hidden'> & {
  price_comparison: Pick<DashboardProduct['price_comparison'], 'status'>;
};

/**
 * Keeps the products that pass every filter, in their order: visible (unless hidden ones are asked
 * for), the status, the category (or none), and every word of the search in the name or SKU
 * (docs/rules.md#5-search-and-ranking).
 * @example filterDashboardProducts(rows, { status: 'HIGHER', category_id: 'none' })
 */
export function filterDashboardProducts<T extends Filterable>(
  products: readonly T[],
  { search = '', status, category_id, show_hidden = false }: DashboardFilters,
): T[] {
  const searching = searchWords(search).length > 0;
  const category = category_id === UNCATEGORIZED_FILTER ? null : category_id;
  return products.filter(
    (product) =>
      (show_hidden || !product.hidden) &&
      (status === undefined || product.price_comparison.status === status) &&
      (category === undefined || product.category_id === category) &&
      (!searching || matchesAllWords(product, search)),
  );
}
