// The five stat cards above the comparison table (docs/screens.md#4-dashboard-price-overview-tab).
import { formatDateTime, type OverviewStats as Stats } from '@cmp/shared';
import { Activity, BellRing, Clock, Globe, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../components/ui/card';
import { figureOf } from '../../../lib/figure';
import { percentText } from '../utils/comparison-view';

/**
 * `stats` is null when the overview failed to load: every card then shows N/A
 * (docs/screens.md#4-dashboard-price-overview-tab), as does a card whose figure the answer lacks.
 */
export function OverviewStats({ stats }: { stats: Stats | null }) {
  const lastRun = stats?.lastScrapingTime;
  const rate = figureOf(stats?.scrapingSuccessRate);
  const attempts = figureOf(stats?.recentScrapingAttempts);
  return (
    <section aria-label="Overview" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <StatCard title="Total Products" icon={<Package />} value={figureOf(stats?.totalProducts) ?? NA} />
      <StatCard title="Competitor URLs" icon={<Globe />} value={figureOf(stats?.totalCompetitorUrls) ?? NA} />
      <StatCard
        title="Last Scraping"
        icon={<Clock />}
        value={stats ? (lastRun ? 'Recent' : 'Never') : NA}
        detail={lastRun ? formatDateTime(lastRun) : undefined}
      />
      <StatCard
        title="Success Rate"
        icon={<Activity />}
        value={rate === null ? NA : percentText(rate)}
        detail={attempts === null ? undefined : `${attempts} recent attempts`}
      />
      <StatCard
        title="Undercut since last run"
        icon={<BellRing />}
        value={figureOf(stats?.undercutSinceLastRun) ?? NA}
      />
    </section>
  );
}

const NA = 'N/A';

function StatCard({
  title,
  icon,
  value,
  detail,
}: {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  detail?: string | undefined;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 pt-6">
        <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
          <span>{title}</span>
          <span aria-hidden="true" className="[&_svg]:size-4">
            {icon}
          </span>
        </div>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}
