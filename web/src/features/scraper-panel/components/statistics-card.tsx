// 'Check My Price Statistics (Last 30 Days)': sessions, scrapes, successes and failures.
import type { ScraperStats } from '@cmp/shared';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

export function StatisticsCard({ stats }: { stats: ScraperStats | undefined }) {
  const figures = [
    { term: 'Sessions', value: stats?.scraping_sessions_last_30_days, tone: '' },
    { term: 'Total Scrapes', value: stats?.total_scrapes_last_30_days, tone: '' },
    { term: 'Successful', value: stats?.successful_scrapes_last_30_days, tone: 'text-success' },
    { term: 'Failed', value: stats?.failed_scrapes_last_30_days, tone: 'text-destructive' },
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
              <dd className={`text-2xl font-bold tabular-nums ${figure.tone}`}>{figure.value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
