// A row's suggested price (docs/screens.md#suggested-prices): the price its pricing rule suggests, the change
// from ours, why, and for admins a box to select the row and 'Apply'.
import type { DashboardProduct, PriceSuggestion } from '@cmp/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TableCell } from '../../../components/ui/table';
import { formatShopMoney } from '../../../lib/money';
import { differenceText } from '../utils/comparison-view';
import { canApplyTo, type SuggestionContext } from './use-suggestions';

export function SuggestedCell({
  product,
  suggestion,
  selected,
  context,
}: {
  product: DashboardProduct;
  /** Undefined while the page's suggestions load. */
  suggestion: PriceSuggestion | undefined;
  selected: boolean;
  context: SuggestionContext;
}) {
  const { canApply, applying, actions } = context;
  if (!suggestion) return <TableCell className="text-muted-foreground">…</TableCell>;
  if (suggestion.suggested_price === null)
    return (
      <TableCell className="min-w-32">
        <span className="text-muted-foreground">N/A</span>
        <p className="text-xs text-muted-foreground">{suggestion.reason}</p>
      </TableCell>
    );
  const change = differenceText(suggestion.change, suggestion.change_percent, formatShopMoney);
  const price = formatShopMoney(suggestion.suggested_price);
  const applicable = canApply && canApplyTo(suggestion);
  return (
    <TableCell className="min-w-36 tabular-nums">
      <div className="flex items-start gap-2">
        {applicable ? (
          <Checkbox
            className="mt-1"
            aria-label={`Select ${product.name}`}
            checked={selected}
            disabled={applying}
            onChange={(event) => actions.onSelect(product, event.target.checked)}
          />
        ) : null}
        <div className="flex flex-col gap-1">
          <span className="font-medium">{price}</span>
          <span className="text-xs">
            {change === null || suggestion.change === 0
              ? 'No change'
              : `${change.amount}${change.percent ? ` (${change.percent})` : ''}`}
          </span>
          <details className="text-xs text-muted-foreground">
            <summary className="cursor-pointer">Why</summary>
            {suggestion.reason}
          </details>
          {applicable ? (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              aria-label={`Apply suggested price ${price} to ${product.name}`}
              disabled={applying}
              onClick={() => actions.onApply(product)}
            >
              Apply
            </Button>
          ) : null}
        </div>
      </div>
    </TableCell>
  );
}
