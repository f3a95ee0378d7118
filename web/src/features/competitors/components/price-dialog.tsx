// A competitor's prices (docs/screens.md#price-dialog): the compared price and trend, stock, our price, the
// comparison, the latest check in full (with 'Accept price' and 'Reject' for a price held for review), its
// price history charted against our price, the latest 5 records and a link to the store.
import { type CompetitorUrl, type CompetitorUrlDetail, competitorNameFromUrl } from '@cmp/shared';
import { ExternalLink } from 'lucide-react';
import { useCompetitorUrl } from '../../../api/competitor-urls';
import { Fact } from '../../../components/fact';
import { LatestCheck } from '../../../components/latest-check';
import { PriceHistoryFigure } from '../../../components/price-history/price-history-figure';
import { PricePicker } from '../../../components/price-picker';
import { ReviewActions } from '../../../components/review-actions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { NOT_CHECKED } from '../../../lib/check-view';
import { shopCurrency } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { type PriceSummary, priceSummary, type StockText } from '../utils/price-summary';
import { TrendIcon } from './trend-icon';

export function PriceDialog({ competitor, onClose }: { competitor: CompetitorUrl | null; onClose(): void }) {
  return (
    <Dialog open={competitor !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">{competitor ? <PriceDetails competitor={competitor} /> : null}</DialogContent>
    </Dialog>
  );
}

function PriceDetails({ competitor }: { competitor: CompetitorUrl }) {
  const { data, error } = useCompetitorUrl(competitor.id, {
    onError: (failure) => notifyError(failure, 'Failed to fetch competitor prices'),
  });
  const summary = data ? priceSummary(data, shopCurrency()) : null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{competitor.competitor_name}</DialogTitle>
        <DialogDescription>
          {competitorNameFromUrl(competitor.url)} · {competitor.product.name} ({competitor.product.sku})
        </DialogDescription>
      </DialogHeader>
      {summary && data ? (
        <Summary summary={summary} competitor={competitor} detail={data} />
      ) : error ? (
        <p className="text-sm text-muted-foreground">Price information could not be loaded.</p>
      ) : (
        <div className="flex justify-center py-8">
          <Spinner label="Loading prices" />
        </div>
      )}
      <DialogFooter>
        <Button asChild>
          <a href={competitor.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Visit Store
          </a>
        </Button>
      </DialogFooter>
    </>
  );
}

const stockVariant = (stock: StockText) =>
  stock === 'In stock' ? 'success' : stock === 'Out of stock' ? 'destructive' : 'secondary';

function Summary({
  summary,
  competitor,
  detail,
}: {
  summary: PriceSummary;
  competitor: CompetitorUrl;
  detail: CompetitorUrlDetail;
}) {
  const name = competitor.competitor_name.trim() || competitorNameFromUrl(competitor.url);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-4 rounded-md border p-4 sm:grid-cols-3">
        <Fact term="Latest price">
          <span className="flex items-center gap-2 text-lg font-semibold tabular-nums">
            {summary.latestPrice}
            <TrendIcon trend={summary.trend} />
          </span>
          {summary.compared ? (
            <span className="block text-muted-foreground text-xs">{summary.compared}</span>
          ) : null}
        </Fact>
        <Fact term="Stock">
          <Badge variant={stockVariant(summary.stock)}>{summary.stock}</Badge>
        </Fact>
        <Fact term="Last updated">{summary.lastUpdated}</Fact>
        <Fact term="Our price">
          <span className="text-lg font-semibold tabular-nums">{summary.ourPrice}</span>
        </Fact>
        <Fact term="Comparison" caption="Their latest price against our current price" className="col-span-2">
          <span className="font-medium">{summary.comparison}</span>
        </Fact>
        <Fact term="Latest check" className="col-span-full text-sm">
          {summary.latestCheck ? (
            <LatestCheck check={summary.latestCheck}>
              {summary.review ? (
                <ReviewActions
                  urlId={competitor.id}
                  checkedAt={summary.review.checkedAt}
                  name={competitor.competitor_name}
                />
              ) : null}
              <PricePicker urlId={competitor.id} name={name} pickedBy={detail.price_pin?.picked_by ?? null} />
            </LatestCheck>
          ) : (
            NOT_CHECKED
          )}
        </Fact>
      </dl>
      {summary.staleNote ? (
        <p className="rounded-md border border-warning p-3 text-sm">{summary.staleNote}</p>
      ) : null}
      <section aria-labelledby="price-history-heading" className="flex flex-col gap-2">
        <h3 id="price-history-heading" className="font-semibold">
          Recent price history
        </h3>
        <PriceHistoryFigure
          title={`Price history of ${name}`}
          histories={[{ id: detail.id, name, records: detail.price_data }]}
          productId={detail.product_id}
          ourPrice={detail.product.current_price}
          currency={shopCurrency()}
        />
        {summary.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No prices recorded yet.</p>
        ) : (
          <Table label="Price records">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Result</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead>Stock</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.history.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{entry.date}</TableCell>
                  <TableCell>{entry.result}</TableCell>
                  <TableCell className="text-right tabular-nums">{entry.price}</TableCell>
                  <TableCell>{entry.stock}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
