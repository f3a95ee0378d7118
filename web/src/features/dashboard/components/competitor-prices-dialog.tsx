// Competitor price information (docs/screens.md#competitor-prices-dialog): each priced competitor, dearest
// first, compared with our price, with its price history chart.
import type { DashboardProduct } from '@cmp/shared';
import { lazy, Suspense } from 'react';
import { Fact } from '../../../components/fact';
import { Badge } from '../../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatShopMoney, shopCurrency } from '../../../lib/money';
import type { StockText } from '../utils/analysis-view';
import { type CompetitorPriceRow, competitorPriceRows } from '../utils/competitor-prices';

// The chart (and its data) loads only when a competitor is shown.
const PriceHistoryChart = lazy(() =>
  import('./price-history-chart').then((module) => ({ default: module.PriceHistoryChart })),
);

export function CompetitorPricesDialog({ product, onClose }: { product: DashboardProduct; onClose(): void }) {
  const rows = competitorPriceRows(
    product.price_comparison.competitor_prices,
    product.current_price,
    shopCurrency(),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Competitor Prices</DialogTitle>
          <DialogDescription>
            {product.name} (SKU: {product.sku}) · Our price {formatShopMoney(product.current_price)}
          </DialogDescription>
        </DialogHeader>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No competitor data available</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {rows.map((row) => (
              <CompetitorCard key={row.id} row={row} ourPrice={formatShopMoney(product.current_price)} />
            ))}
          </ul>
        )}
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
        </Fact>
        <Fact term="Last updated">{row.lastUpdated}</Fact>
        <Fact term="Our price">
          <span className="tabular-nums">{ourPrice}</span>
        </Fact>
        <Fact term="Comparison" caption="The competitor's price against ours">
          {row.comparison ?? <span className="text-warning">{row.notCompared}</span>}
        </Fact>
      </dl>
      <Suspense
        fallback={
          <div className="flex h-24 items-center justify-center">
            <Spinner label="Loading price history" />
          </div>
        }
      >
        <PriceHistoryChart competitorUrlId={row.id} name={row.name} />
      </Suspense>
    </li>
  );
}
