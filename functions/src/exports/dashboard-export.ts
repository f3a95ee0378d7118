/**
 * GET /api/dashboard/export.csv: the dashboard's comparison table as CSV, filtered as the table is
 * (shared/src/dashboard-filter.ts), one row per visible product in the table's order.
 */
import {
  type CompetitorPrice,
  type CsvColumn,
  conversionText,
  type DashboardFilters,
  type DashboardProduct,
  filterDashboardProducts,
  margin,
  toCsv,
} from '@cmp/shared';

/** The competitor price the comparison chose (bestCompetitor's). */
const bestPrice = (p: DashboardProduct): CompetitorPrice | undefined =>
  p.bestCompetitor === null
    ? undefined
    : p.price_comparison.competitor_prices.find(
        (c) =>
          c.url === p.bestCompetitor?.url && c.compared_price === p.price_comparison.lowest_competitor_price,
      );

export const DASHBOARD_COLUMNS: readonly CsvColumn<DashboardProduct>[] = [
  { header: 'SKU', value: (p) => p.sku },
  { header: 'Name', value: (p) => p.name },
  { header: 'Category', value: (p) => p.category?.name ?? null },
  { header: 'Our price', value: (p) => p.current_price },
  { header: 'Cost', value: (p) => p.cost },
  { header: 'Margin', value: (p) => margin(p.current_price, p.cost).amount },
  // Empty without a cost, where the table shows 0.0% (docs/rules.md#2-margin): a blank is not a 0.
  { header: 'Margin %', value: (p) => (p.cost === null ? null : margin(p.current_price, p.cost).percent) },
  { header: 'Lowest competitor price', value: (p) => p.price_comparison.lowest_competitor_price },
  { header: 'Best competitor', value: (p) => p.bestCompetitor?.competitor_name ?? null },
  { header: 'Status', value: (p) => p.price_comparison.status },
  { header: 'Difference', value: (p) => p.price_comparison.price_difference },
  { header: 'Difference %', value: (p) => p.price_comparison.price_difference_percentage },
  { header: 'Competitors with data', value: (p) => p.price_comparison.competitors_with_data },
  { header: 'Last checked', value: (p) => p.price_comparison.latest_ai_analysis?.scraped_at ?? null },
  // Last, so the columns before keep their places for files read by position.
  // The lowest price as its page gave it, when the comparison converted it or added shipping.
  {
    header: 'Lowest competitor original price',
    value: (p) => {
      const best = bestPrice(p);
      return best?.conversion || best?.shipping !== undefined ? `${best.price} ${best.currency}` : null;
    },
  },
  {
    header: 'Lowest competitor conversion',
    value: (p) => {
      const conversion = bestPrice(p)?.conversion;
      return conversion ? conversionText(conversion) : null;
    },
  },
  { header: 'Lowest competitor shipping', value: (p) => bestPrice(p)?.shipping ?? null },
];

/** The file of `rows` (every product, hidden ones included) that `filters` keep. */
export function dashboardCsv(rows: readonly DashboardProduct[], filters: DashboardFilters): string {
  return toCsv(DASHBOARD_COLUMNS, filterDashboardProducts(rows, filters));
}
