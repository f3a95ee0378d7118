import { SCRAPING_STARTED_MESSAGE, SCRAPING_STOPPED_MESSAGE } from '@cmp/shared';
import { requireCompetitorUrl } from '../catalogue/competitor-urls';
import { requireProduct } from '../catalogue/products';
import { readEntrySettings } from '../config';
import { groupHandler, sessionOf } from '../http/http-handler';
import { scraperStatus, startRun, stopRun } from '../scrape-run/run-control';
import { scraperLogs, scraperStats } from '../scrape-run/run-stats';
import { changeSchedule, scraperSchedule } from '../scrape-run/schedule-control';

readEntrySettings(process.env);

/** The scraper route group: status, history, statistics, the schedule, start and stop. */
export const handler = groupHandler('scraper', {
  'GET /api/scraper/status': async () => ({
    body: { success: true, status: await scraperStatus() },
  }),

  'GET /api/scraper/logs': async ({ query }) => ({
    body: { success: true, logs: await scraperLogs(query.limit) },
  }),

  'GET /api/scraper/stats': async () => ({
    body: { success: true, stats: await scraperStats() },
  }),

  'GET /api/scraper/schedule': async () => ({
    body: { success: true, schedule: await scraperSchedule() },
  }),

  'PUT /api/scraper/schedule': async (request) => ({
    body: { success: true, schedule: await changeSchedule(sessionOf(request).user, request.body) },
  }),

  'POST /api/scraper/run': async () => ({
    status: 202,
    body: {
      success: true,
      message: SCRAPING_STARTED_MESSAGE,
      run_id: await startRun({ triggeredBy: 'manual' }),
    },
  }),

  'POST /api/scraper/run/{productId}': async ({ params }) => {
    await requireProduct(params.productId);
    const runId = await startRun({ triggeredBy: 'manual', productId: params.productId });
    return { status: 202, body: { success: true, message: 'AI analysis started', run_id: runId } };
  },

  'POST /api/competitor-urls/{id}/check': async ({ params }) => {
    const url = await requireCompetitorUrl(params.id);
    const runId = await startRun({ triggeredBy: 'manual', productId: url.product_id, urlId: url.id });
    return { status: 202, body: { success: true, message: 'Check started', run_id: runId } };
  },

  'POST /api/scraper/stop': async () => {
    await stopRun();
    return { body: { success: true, message: SCRAPING_STOPPED_MESSAGE } };
  },
});
