// 'Check My Price Statistics (Last 30 Days)': sessions, scrapes, successes and failures, and the failures
// by cause (blocked and held for review apart from the rest).
import type { ScraperStats } from '@cmp/shared';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { figureOf, NO_FIGURE } from '../../../lib/figure';
import { failureBreakdown } from '../utils/session-view';

export function StatisticsCard({ stats }: { stats: ScraperStats | undefined }) {
  const figures = [
    { term: 'Sessions', value: figureOf(stats?.scraping_sessions_last_30_days), tone: '' },
    { term: 'Total Scrapes', value: figureOf(stats?.total_scrapes_last_30_days), tone: '' },
    { term: 'Successful', value: figureOf(stats?.successful_scrapes_last_30_days), tone: 'text-success' },
    { term: 'Failed', value: figureOf(stats?.failed_scrapes_last_30_days), tone: 'text-destructive' },
  ];
  const causes = failureBreakdown(stats?.outcome_counts_last_30_days);
  const failures = [
    { term: 'Blocked', value: causes?.blocked },
    { term: 'Held for review', value: causes?.review },
    { term: 'Other failures', value: causes?.other },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-lg">
          Check My Price Statistics (Last 30 Days)
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.term} className="rounded-md border p-3 text-center">
              <dt className="text-sm text-muted-foreground">{figure.term}</dt>
              <dd className={`text-2xl font-bold tabular-nums ${figure.tone}`}>
                {figure.value ?? NO_FIGURE}
              </dd>
            </div>
          ))}
        </dl>
        <h4 className="mt-4 mb-2 text-sm font-medium">Failed checks by cause</h4>
        <dl className="grid grid-cols-3 gap-4">
          {failures.map((figure) => (
            <div key={figure.term} className="rounded-md border p-2 text-center">
              <dt className="text-xs text-muted-foreground">{figure.term}</dt>
              <dd className="text-lg font-semibold tabular-nums">{figure.value ?? NO_FIGURE}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
