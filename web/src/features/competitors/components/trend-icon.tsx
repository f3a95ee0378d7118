// The latest price's direction (docs/rules.md#7-price-trend), as an icon with a text label.
import type { PriceTrend } from '@cmp/shared';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';

const labels: Record<PriceTrend, string> = {
  up: 'Price went up',
  down: 'Price went down',
  stable: 'Price unchanged',
  no_data: 'Not enough data for a trend',
};

export function TrendIcon({ trend }: { trend: PriceTrend }) {
  const Icon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : Minus;
  const tone =
    trend === 'up' ? 'text-destructive' : trend === 'down' ? 'text-success' : 'text-muted-foreground';
  return (
    <span
      role="img"
      aria-label={labels[trend]}
      title={labels[trend]}
      className="inline-flex"
      data-trend={trend}
    >
      <Icon className={`size-5 ${tone}`} aria-hidden="true" />
    </span>
  );
}
