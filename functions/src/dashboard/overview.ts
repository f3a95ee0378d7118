import type { OverviewStats } from '@cmp/shared';
import { undercutSinceLastRun } from '../alerts/alert-list';
import { countCompetitorUrls } from '../data/competitor-url.repository';
import { countProducts } from '../data/product.repository';
import { latestRuns } from '../data/scrape-run.repository';
import { scraperStats } from '../scrape-run/run-stats';

export async function getOverview(): Promise<OverviewStats> {
  const [totalProducts, totalCompetitorUrls, [latest], stats, undercut] = await Promise.all([
    countProducts(),
    countCompetitorUrls(),
    latestRuns(1),
    scraperStats(),
    undercutSinceLastRun(),
  ]);
  return {
    totalProducts,
    totalCompetitorUrls,
    lastScrapingTime: latest ? (latest.completed_at ?? latest.started_at) : null,
    scrapingSuccessRate: stats.success_rate_percentage,
    recentScrapingAttempts: stats.total_scrapes_last_30_days,
    undercutSinceLastRun: undercut,
  };
}
