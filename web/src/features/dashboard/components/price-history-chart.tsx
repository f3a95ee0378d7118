// The product's price history in the competitor prices dialog (docs/screens.md#competitor-prices-dialog):
// every competitor URL's records on one time axis, against our price over the same time.
import { useCompetitorUrlHistories } from '../../../api/competitor-urls';
import { PriceHistoryFigure } from '../../../components/price-history/price-history-figure';
import { Spinner } from '../../../components/ui/spinner';
import { shopCurrency } from '../../../lib/money';

export function PriceHistoryChart({
  productId,
  productName,
  ourPrice,
  competitors,
}: {
  productId: number;
  productName: string;
  ourPrice: number;
  /** The product's competitor URLs, in the dialog's order (their line colours follow it). */
  competitors: readonly { id: number; name: string }[];
}) {
  // A failure shows in the chart's place (no toast); the prices above it are already on screen.
  const { data, error } = useCompetitorUrlHistories(competitors.map((competitor) => competitor.id));
  if (!data) {
    return error ? (
      <p className="text-sm text-muted-foreground">Price history could not be loaded.</p>
    ) : (
      <div className="flex h-24 items-center justify-center">
        <Spinner label="Loading price history" />
      </div>
    );
  }
  const histories = data.map((detail, index) => ({
    id: detail.id,
    name: competitors[index]?.name ?? detail.competitor_name,
    records: detail.price_data,
  }));
  return (
    <PriceHistoryFigure
      title={`Price history of ${productName}`}
      histories={histories}
      productId={productId}
      ourPrice={ourPrice}
      currency={shopCurrency()}
    />
  );
}
