import * as z from 'zod';
import { type ComparisonStatus, comparisonStatusSchema, type DashboardProduct } from './dashboard';
import { idText } from './ids';
import { matchesAllWords, searchWords } from './search';

/**
 * The dashboard's filters (docs/screens.md#4-dashboard-price-overview-tab): the table in the browser
 * and the CSV export (GET /api/dashboard/export.csv) keep the same rows through this one function.
 */

/** The category filter's value for products without a category. */
export const UNCATEGORIZED_FILTER = 'none';

/** The filters as query parameters; a parameter left out does not filter. */
export const dashboardFilterQuerySchema = z.object({
  search: z.string().max(200, 'search: at most 200 characters').optional(),
  status: z
    .enum(comparisonStatusSchema.options, { error: 'status must be LOWER, HIGHER, SAME or NO_DATA' })
    .optional(),
  category_id: z
    .union([z.literal(UNCATEGORIZED_FILTER), idText('category_id')], {
      error: `category_id must be a category id or '${UNCATEGORIZED_FILTER}' (no category)`,
    })
    .optional(),
});

/** The filters as the table and the export apply them. */
export interface DashboardFilters {
  search?: string | undefined;
  status?: ComparisonStatus | undefined;
  category_id?: number | typeof UNCATEGORIZED_FILTER | undefined;
}

type Filterable = Pick<DashboardProduct, 'name' | 'sku' | 'category_id'> & {
  price_comparison: Pick<DashboardProduct['price_comparison'], 'status'>;
};

/**
 * Keeps the products that pass every filter, in their order: the status, the category (or none),
 * and every word of the search in the name or SKU (docs/rules.md#5-search-and-ranking).
 * @example filterDashboardProducts(rows, { status: 'HIGHER', category_id: 'none' })
 */
export function filterDashboardProducts<T extends Filterable>(
  products: readonly T[],
  { search = '', status, category_id }: DashboardFilters,
): T[] {
  const searching = searchWords(search).length > 0;
  const category = category_id === UNCATEGORIZED_FILTER ? null : category_id;
  return products.filter(
    (product) =>
      (status === undefined || product.price_comparison.status === status) &&
      (category === undefined || product.category_id === category) &&
      (!searching || matchesAllWords(product, search)),
  );
}
