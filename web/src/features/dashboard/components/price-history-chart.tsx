// A small hand-written SVG line chart of one competitor URL's prices (no chart library: a few
// hundred bytes instead of a large dependency).
import { formatDateTime, formatMoney } from '@cmp/shared';
import { useCompetitorUrl } from '../../../api/competitor-urls';
import { Spinner } from '../../../components/ui/spinner';
import { shopCurrency } from '../../../lib/money';
import { type ChartBox, chartSeries } from '../utils/chart-geometry';

const BOX: ChartBox = { width: 480, height: 96, padding: 10 };

export function PriceHistoryChart({ competitorUrlId, name }: { competitorUrlId: number; name: string }) {
  // A failure shows in the chart's place (no toast); the prices above it are already on screen.
  const { data: detail, error } = useCompetitorUrl(competitorUrlId);
  const data = detail?.price_data;
  if (!data) {
    return error ? (
      <p className="text-xs text-muted-foreground">Price history could not be loaded.</p>
    ) : (
      <div className="flex h-24 items-center justify-center">
        <Spinner label="Loading price history" />
      </div>
    );
  }
  const series = chartSeries(data, BOX);
  if (!series) return <p className="text-xs text-muted-foreground">No price history yet.</p>;
  const money = (amount: number) => {
    try {
      return formatMoney(amount, data.find((record) => record.currency)?.currency ?? shopCurrency());
    } catch {
      return amount.toFixed(2);
    }
  };
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  const label = `Price history of ${name}: ${series.points.length} prices from ${money(series.min)} to ${money(series.max)}`;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>Price history</span>
        <span>
          Low {money(series.min)} · High {money(series.max)}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className="h-auto w-full rounded-md bg-muted/50"
        role="img"
        aria-label={label}
      >
        <path d={series.path} fill="none" stroke="var(--color-info)" strokeWidth={2} />
        {series.points.map((point) => (
          <circle key={point.scraped_at} cx={point.x} cy={point.y} r={3} fill="var(--color-info)">
            <title>{`${money(point.price)} · ${formatDateTime(point.scraped_at)}`}</title>
          </circle>
        ))}
      </svg>
      {first && last ? (
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{formatDateTime(first.scraped_at)}</span>
          {series.points.length > 1 ? <span>{formatDateTime(last.scraped_at)}</span> : null}
        </div>
      ) : null}
    </figure>
  );
}
