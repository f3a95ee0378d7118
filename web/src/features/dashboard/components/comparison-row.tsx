// One product's row: its prices, margin, cheapest competitor, status, difference and actions.
import {
  type AlertKind,
  type ComparisonStatus,
  competitorNameFromUrl,
  type DashboardProduct,
  type PriceSuggestion,
} from '@cmp/shared';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCell, TableRow } from '../../../components/ui/table';
import { formatShopMoney } from '../../../lib/money';
import { competitorsWithDataText, differenceText, marginText } from '../utils/comparison-view';
import { AlertMarker } from './alert-marker';
import { openPopup } from './open-popup';
import { RowActionButtons, type RowActions } from './row-actions';
import { StatusBadge } from './status-badge';
import { SuggestedCell } from './suggested-cell';
import type { SuggestionContext } from './use-suggestions';

export type { RowActions } from './row-actions';

/** Memoised: a filter keystroke re-renders the table, but rows whose product did not change stay. */
export const ComparisonRow = memo(function ComparisonRow({
  product,
  running,
  comparedFirst,
  actions,
  alertKinds,
  suggestion,
  selected,
  suggestionContext,
}: {
  product: DashboardProduct;
  running: boolean;
  /** Status and Difference right after the product (a phone), rather than after the prices. */
  comparedFirst: boolean;
  actions: RowActions;
  /** The kinds of the product's alerts since the last run, if it had any: the row shows a marker. */
  alertKinds: readonly AlertKind[] | undefined;
  /** The row's suggested price (undefined while it loads) ... */
  suggestion: PriceSuggestion | undefined;
  /** ... chosen for 'Apply selected' ... */
  selected: boolean;
  /** ... and what the Suggested column needs; undefined without pricing rules (no column). */
  suggestionContext: SuggestionContext | undefined;
}) {
  const comparison = product.price_comparison;
  const profit = marginText(product.current_price, product.cost, formatShopMoney);
  const difference = differenceText(
    comparison.price_difference,
    comparison.price_difference_percentage,
    formatShopMoney,
  );
  const compared = [
    <TableCell key="status">
      <StatusBadge status={comparison.status} />
    </TableCell>,
    <TableCell key="difference" className="tabular-nums">
      {difference ? (
        <span className={differenceTone(comparison.status)}>
          {difference.amount}
          {difference.percent ? <span className="block text-xs">{difference.percent}</span> : null}
        </span>
      ) : (
        <span className="text-muted-foreground">N/A</span>
      )}
    </TableCell>,
  ];
  return (
    <TableRow>
      <TableCell sticky>
        {/* On a phone the column is narrow, so that Status and Difference fit beside it: the actions go
            under the name, which wraps between words, and a long SKU is cut short with an ellipsis (the
            whole SKU in its title). */}
        <div className="flex items-start justify-between gap-2 max-md:w-20 max-md:flex-col">
          <div className="min-w-0 max-md:w-full">
            <div className="flex items-center gap-1">
              <p className="font-medium wrap-break-word">{product.name}</p>
              {alertKinds ? <AlertMarker productId={product.id} kinds={alertKinds} /> : null}
            </div>
            <p
              className="text-xs whitespace-nowrap text-muted-foreground max-md:truncate"
              title={`SKU: ${product.sku}`}
            >
              SKU: {product.sku}
            </p>
            {running ? (
              <Badge variant="info" className="mt-1 max-md:whitespace-normal">
                Analysis running
              </Badge>
            ) : null}
          </div>
          <RowActionButtons product={product} running={running} actions={actions} />
        </div>
      </TableCell>
      {comparedFirst ? compared : null}
      <TableCell className="text-right tabular-nums">{formatShopMoney(product.current_price)}</TableCell>
      {suggestionContext ? (
        <SuggestedCell
          product={product}
          suggestion={suggestion}
          selected={selected}
          context={suggestionContext}
        />
      ) : null}
      <TableCell className="text-right tabular-nums">{formatShopMoney(product.cost)}</TableCell>
      <TableCell className="text-right tabular-nums">
        <p>{profit.amount}</p>
        <p className="text-xs text-muted-foreground">{profit.percent}</p>
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {formatShopMoney(comparison.lowest_competitor_price)}
      </TableCell>
      <TableCell>
        {product.bestCompetitor ? (
          <BestCompetitorLink url={product.bestCompetitor.url} />
        ) : (
          <span className="text-muted-foreground">No Data</span>
        )}
      </TableCell>
      {comparedFirst ? null : compared}
      <TableCell>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => actions.onShowCompetitors(product)}
        >
          {competitorsWithDataText(comparison.competitors_with_data, comparison.competitor_count)}
        </Button>
      </TableCell>
    </TableRow>
  );
});

// Dearer than the cheapest competitor is the shop's risk (red); cheaper is green. From the status,
// so a difference that rounds to a penny but counts as the same price stays neutral.
function differenceTone(status: ComparisonStatus): string {
  if (status === 'HIGHER') return 'text-destructive';
  return status === 'LOWER' ? 'text-success' : '';
}

/** A real link (keyboard, middle click, copy address) that opens the popup on a plain click. */
function BestCompetitorLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="text-info underline-offset-4 hover:underline"
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        openPopup(url);
      }}
    >
      {competitorNameFromUrl(url)}
    </a>
  );
}
