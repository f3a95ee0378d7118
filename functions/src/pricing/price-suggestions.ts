import {
  type CsvColumn,
  directionOf,
  filterDashboardProducts,
  type ListPage,
  type PriceSuggestion,
  type PriceSuggestionFilters,
  type PriceSuggestionQuery,
  pageOf,
  suggestionFor,
  toCsv,
} from '@cmp/shared';
import type { ComparisonEntry } from '../dashboard/dashboard-products';
import { readPricingRules } from '../data/pricing-rule.repository';

/**
 * Suggested prices (docs/rules.md#25-pricing-rules): the dashboard's products, filtered as it
 * filters them, each under the first rule that takes it, then by direction; a page of them, or
 * all as a CSV a shop system imports.
 */
async function suggestionRows(
  /** The dashboard's entries (list-pages.ts keeps them per catalogue version). */
  entries: readonly ComparisonEntry[],
  filters: PriceSuggestionFilters,
): Promise<PriceSuggestion[]> {
  const rules = await readPricingRules();
  return filterDashboardProducts(entries, filters)
    .map((entry) => suggestionFor(rules, entry.row()))
    .filter((suggestion) => filters.direction === undefined || directionOf(suggestion) === filters.direction);
}

export async function suggestionPage(
  entries: readonly ComparisonEntry[],
  query: PriceSuggestionQuery,
): Promise<ListPage<PriceSuggestion>> {
  const ids = query.product_ids && new Set(query.product_ids);
  const asked = ids ? entries.filter((entry) => ids.has(entry.id)) : entries;
  return pageOf(await suggestionRows(asked, query), query);
}

export const SUGGESTION_COLUMNS: readonly CsvColumn<PriceSuggestion>[] = [
  { header: 'SKU', value: (s) => s.sku },
  { header: 'Name', value: (s) => s.name },
  { header: 'Current price', value: (s) => s.current_price },
  { header: 'Suggested price', value: (s) => s.suggested_price },
  { header: 'Change', value: (s) => s.change },
  { header: 'Change %', value: (s) => s.change_percent },
  { header: 'Reason', value: (s) => s.reason },
];

/** GET /api/price-suggestions/export.csv: every suggestion the filters keep, in catalogue order. */
export async function suggestionsCsv(
  entries: readonly ComparisonEntry[],
  filters: PriceSuggestionFilters,
): Promise<string> {
  return toCsv(SUGGESTION_COLUMNS, await suggestionRows(entries, filters));
}
