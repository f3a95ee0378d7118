// Competitor price information (docs/screens.md#competitor-prices-dialog): each priced competitor, dearest
// first, compared with our price, with its latest check (and 'Accept price' / 'Reject' for a price held for
// review); below, the competitors without a price and why, then every competitor's price history on one chart
// with our price, and the product's whole price history as a CSV download.
import type { DashboardProduct } from '@cmp/shared';
import { downloadPriceHistoryCsv } from '../../../api/products';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { Fact } from '../../../components/fact';
import { LatestCheck } from '../../../components/latest-check';
import { PricePicker } from '../../../components/price-picker';
import { ReviewActions } from '../../../components/review-actions';
import { Badge } from '../../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { NOT_CHECKED } from '../../../lib/check-view';
import { formatShopMoney, shopCurrency } from '../../../lib/money';
import type { StockText } from '../utils/analysis-view';
import {
  type CompetitorPriceRow,
  competitorPriceRows,
  type UnpricedCompetitor,
  unpricedCompetitors,
} from '../utils/competitor-prices';
import { PriceHistoryChart } from './price-history-chart';

/** `product`: the row as the table's current page has it, so an accepted or rejected price shows here at once. */
export function CompetitorPricesDialog({ product, onClose }: { product: DashboardProduct; onClose(): void }) {
  const current = product;
  const prices = current.price_comparison.competitor_prices;
  const rows = competitorPriceRows(prices, current.current_price, shopCurrency());
  const unpriced = unpricedCompetitors(prices);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Competitor Prices</DialogTitle>
          <DialogDescription>
            {current.name} (SKU: {current.sku}) · Our price {formatShopMoney(current.current_price)}
          </DialogDescription>
        </DialogHeader>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No competitor data available</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {rows.map((row) => (
              <CompetitorCard key={row.id} row={row} ourPrice={formatShopMoney(current.current_price)} />
            ))}
          </ul>
        )}
        {unpriced.length > 0 ? <Unpriced competitors={unpriced} /> : null}
        {rows.length + unpriced.length > 0 ? (
          <section aria-labelledby="price-history-heading" className="flex flex-col gap-2">
            <h3 id="price-history-heading" className="font-semibold">
              Price history
            </h3>
            <PriceHistoryChart
              productId={current.id}
              productName={current.name}
              ourPrice={current.current_price}
              competitors={[...rows, ...unpriced]}
            />
          </section>
        ) : null}
        <div className="flex justify-end">
          <ExportCsvButton
            fetchFile={() => downloadPriceHistoryCsv(current.id)}
            label="Download price history (CSV)"
            failure="Failed to download the price history"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

const stockVariant = (stock: StockText) =>
  stock === 'In Stock' ? 'success' : stock === 'Out of Stock' ? 'destructive' : 'secondary';

function CompetitorCard({ row, ourPrice }: { row: CompetitorPriceRow; ourPrice: string }) {
  return (
    <li className="flex flex-col gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a
          href={row.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-info underline-offset-4 hover:underline"
        >
          {row.name}
        </a>
        <Badge variant={stockVariant(row.stock)}>{row.stock}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact term="Latest price">
          <span className="font-semibold tabular-nums">{row.price}</span>
          {row.compared ? <span className="block text-muted-foreground text-xs">{row.compared}</span> : null}
        </Fact>
        <Fact term="Last updated">{row.lastUpdated}</Fact>
        <Fact term="Our price">
          <span className="tabular-nums">{ourPrice}</span>
        </Fact>
        <Fact term="Comparison" caption="The competitor's price against ours">
          {row.comparison ?? <span className="text-warning">{row.notCompared}</span>}
        </Fact>
        {row.check ? (
          <Fact term="Latest check" className="col-span-full">
            <LatestCheck check={row.check}>
              {row.review ? (
                <ReviewActions urlId={row.id} checkedAt={row.review.checkedAt} name={row.name} />
              ) : null}
              <PricePicker urlId={row.id} name={row.name} pickedBy={row.pickedBy} />
            </LatestCheck>
          </Fact>
        ) : null}
      </dl>
      {row.staleNote ? <p className="rounded-md border border-warning p-2 text-sm">{row.staleNote}</p> : null}
    </li>
  );
}

/** Hidden from the list above (the spec shows priced competitors only), but never invisible. */
function Unpriced({ competitors }: { competitors: UnpricedCompetitor[] }) {
  return (
    <section aria-labelledby="unpriced-heading" className="flex flex-col gap-2">
      <h3 id="unpriced-heading" className="font-semibold">
        Competitors without a price
      </h3>
      <dl className="flex flex-col gap-3 text-sm">
        {competitors.map((competitor) => (
          <div key={competitor.id} className="rounded-md border p-3">
            <dt>
              <a
                href={competitor.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-info underline-offset-4 hover:underline"
              >
                {competitor.name}
              </a>
            </dt>
            <dd className="mt-1">
              {competitor.check ? <LatestCheck check={competitor.check} /> : NOT_CHECKED}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
