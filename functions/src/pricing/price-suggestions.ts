import {
  type CsvColumn,
  directionOf,
  filterDashboardProducts,
  type ListPage,
  type PriceSuggestion,
  type PriceSuggestionFilters,
  type PriceSuggestionQuery,
  type PricingRule,
  pageOf,
  type RulePreview,
  type RulesPreview,
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

/**
 * POST /api/pricing-rules/preview: what `rules` (saved or not) would suggest for the products the
 * dashboard shows, counted per rule; products no rule takes are `unmatched`.
 */
export function previewRules(
  entries: readonly ComparisonEntry[],
  rules: readonly PricingRule[],
): Omit<RulesPreview, 'success'> {
  // The rule's place stands in for its id: unsaved rules have none yet.
  const numbered = rules.map((rule, index) => ({ ...rule, id: index + 1 }));
  const preview: RulePreview[] = rules.map(() => ({ up: 0, down: 0, none: 0, no_suggestion: 0 }));
  let unmatched = 0;
  for (const entry of filterDashboardProducts(entries, {})) {
    const suggestion = suggestionFor(numbered, entry.row());
    const counts = suggestion.rule_id === null ? undefined : preview[suggestion.rule_id - 1];
    if (!counts) unmatched += 1;
    else if (suggestion.suggested_price === null) counts.no_suggestion += 1;
    else counts[directionOf(suggestion)] += 1;
  }
  return { preview, unmatched };
}
