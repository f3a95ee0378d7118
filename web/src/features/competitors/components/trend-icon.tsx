// The competitor's latest price direction (docs/rules.md#7-price-trend), as an icon with a text label.
// Coloured from the shop's side: a competitor's cut is the warning, a rise good news.
import type { PriceTrend } from '@cmp/shared';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';

const labels: Record<PriceTrend, string> = {
  up: "Competitor's price went up",
  down: "Competitor's price went down",
  stable: "Competitor's price unchanged",
  no_data: 'Not enough data for a trend',
};

export function TrendIcon({ trend }: { trend: PriceTrend }) {
  const Icon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : Minus;
  const tone = trend === 'up' ? 'text-success' : trend === 'down' ? 'text-warning' : 'text-muted-foreground';
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
