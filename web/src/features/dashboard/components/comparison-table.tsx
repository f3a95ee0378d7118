// The comparison table (docs/screens.md#4-dashboard-price-overview-tab): renders only the rows of the current
// page.
import type { ComparisonSettings, DashboardProduct } from '@cmp/shared';
import { useId } from 'react';
import { useAlertsSinceLastRun } from '../../../api/alerts';
import { useComparisonSettings } from '../../../api/pricing';
import { SortableHead } from '../../../components/sortable-head';
import { Checkbox } from '../../../components/ui/checkbox';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useNarrowWindow } from '../../../lib/narrow-window';
import type { SortColumn, SortState } from '../utils/comparison-view';
import { ComparisonRow, type RowActions } from './comparison-row';
import { canApplyTo, type PageSuggestions } from './use-suggestions';

export interface ComparisonTableProps {
  products: readonly DashboardProduct[];
  sort: SortState | null;
  onSort(column: SortColumn): void;
  /** Products whose AI analysis is starting or just started. */
  running: ReadonlySet<number>;
  actions: RowActions;
  suggestions: PageSuggestions;
  /** Admins apply suggestions: the Select all box. */
  canApply: boolean;
}

/** Which offers the comparison takes, after 'the lowest competitor price'. */
const comparedWith = (settings: ComparisonSettings) =>
  `${settings.compare_in_stock_only ? ' in stock' : ', in stock or not'}${settings.compare_with_shipping ? ', shipping included' : ''}`;

export function ComparisonTable({
  products,
  sort,
  onSort,
  running,
  actions,
  suggestions,
  canApply,
}: ComparisonTableProps) {
  const selectAllId = useId();
  // The alert markers: loaded apart from the table, so the table never waits for them.
  const alerted = useAlertsSinceLastRun().data;
  const settings = useComparisonSettings().data;
  // On a phone the comparison comes right after the product, so it shows without scrolling sideways.
  const comparedFirst = useNarrowWindow();
  const compared = [
    <SortableHead key="status" column="status" sort={sort} onSort={onSort}>
      Status
    </SortableHead>,
    <SortableHead key="difference" column="difference" sort={sort} onSort={onSort}>
      Difference
    </SortableHead>,
  ];
  return (
    <Table label="Price comparison">
      <caption className="mt-3 text-left text-xs text-muted-foreground">
        Status and Difference compare our price with the lowest competitor price
        {settings ? comparedWith(settings) : ''}.
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead sticky>Product</TableHead>
          {comparedFirst ? compared : null}
          <TableHead className="text-right">Our Price</TableHead>
          {suggestions.shown ? (
            <TableHead>
              <span className="flex items-center gap-2">
                {canApply ? (
                  <Checkbox
                    id={selectAllId}
                    aria-label="Select every suggestion on this page"
                    checked={
                      suggestions.selected.size > 0 &&
                      products.every(
                        (product) =>
                          suggestions.selected.has(product.id) ||
                          !canApplyTo(suggestions.byProduct?.get(product.id)),
                      )
                    }
                    disabled={suggestions.applying}
                    onChange={(event) => suggestions.selectAll(event.target.checked)}
                  />
                ) : null}
                Suggested
              </span>
            </TableHead>
          ) : null}
          <TableHead className="text-right">Cost</TableHead>
          <TableHead className="text-right">Margin</TableHead>
          <TableHead className="text-right">Competitor Price</TableHead>
          <TableHead>Best Competitor</TableHead>
          {comparedFirst ? null : compared}
          <TableHead>Competitors</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product, index) => (
          <ComparisonRow
            // Keyed by position: a filter or sort then updates the page's 20 rows in place instead of
            // replacing them (about a fifth faster at 10,000 products); no row state belongs to a product.
            // biome-ignore lint/suspicious/noArrayIndexKey: deliberate, see above
            key={index}
            product={product}
            running={running.has(product.id)}
            comparedFirst={comparedFirst}
            actions={actions}
            alertKinds={alerted?.get(product.id)}
            suggestion={suggestions.byProduct?.get(product.id)}
            selected={suggestions.selected.has(product.id)}
            suggestionContext={suggestions.shown ? suggestions.context : undefined}
          />
        ))}
      </TableBody>
    </Table>
  );
}
