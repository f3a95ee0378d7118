import {
  directionOf,
  filterDashboardProducts,
  type ListPage,
  type PriceSuggestion,
  type PriceSuggestionQuery,
  pageOf,
  suggestionFor,
} from '@cmp/shared';
import type { ComparisonEntry } from '../dashboard/dashboard-products';
import { readPricingRules } from '../data/pricing-rule.repository';

/**
 * A page of suggested prices (docs/rules.md#25-pricing-rules): the dashboard's products, filtered
 * as it filters them, each under the first rule that takes it, then by direction.
 */
export async function suggestionPage(
  /** The dashboard's entries (list-pages.ts keeps them per catalogue version). */
  entries: readonly ComparisonEntry[],
  query: PriceSuggestionQuery,
): Promise<ListPage<PriceSuggestion>> {
  const rules = await readPricingRules();
  const rows = filterDashboardProducts(entries, query)
    .map((entry) => suggestionFor(rules, entry.row()))
    .filter((suggestion) => query.direction === undefined || directionOf(suggestion) === query.direction);
  return pageOf(rows, query);
}
