// A price history in both price dialogs (docs/screens.md#price-history-chart-both-price-dialogs): the
// summary, which is the chart's text alternative, shows at once; the chart and its library load on first use.
// Our price's changes load beside the competitors' records: until they come (or if they fail), our line is
// today's price.
import { lazy, Suspense } from 'react';
import { useOwnPriceHistory } from '../../api/products';
import { Spinner } from '../ui/spinner';
import { type CompetitorHistory, priceHistoryData } from './price-history-data';

const PriceHistoryChart = lazy(() =>
  import('./price-history-chart').then((module) => ({ default: module.PriceHistoryChart })),
);

export function PriceHistoryFigure({
  title,
  histories,
  productId,
  ourPrice,
  currency,
}: {
  /** 'Price history of <product or competitor>': the figure's name. */
  title: string;
  histories: readonly CompetitorHistory[];
  /** The product whose own price is drawn, and that price now. */
  productId: number;
  ourPrice: number;
  currency: string;
}) {
  const { data: changes } = useOwnPriceHistory(productId);
  const data = priceHistoryData(histories, { current: ourPrice, changes }, currency);
  if (!data) return <p className="text-sm text-muted-foreground">No price history yet.</p>;
  return (
    <figure aria-label={title} className="flex flex-col gap-2">
      <figcaption className="text-sm text-muted-foreground">{data.summary}</figcaption>
      <Suspense
        fallback={
          <div className="flex h-60 items-center justify-center">
            <Spinner label="Loading price history" />
          </div>
        }
      >
        <PriceHistoryChart
          data={data}
          currency={currency}
          label={`${title}: a chart; the arrow keys read its prices one by one`}
        />
      </Suspense>
    </figure>
  );
}
