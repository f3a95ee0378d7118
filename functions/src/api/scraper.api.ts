import * as z from 'zod';
import { requireProduct } from '../catalogue/products';
import { defineRoute, groupHandler } from '../http/http-handler';
import { productIdParams } from '../http/params';
import { scraperStatus, startRun, stopRun } from '../scrape-run/run-control';
import { scraperLogs, scraperStats } from '../scrape-run/run-stats';

const logsQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'limit must be a whole number from 1 to 100')
        .max(100, 'limit must be a whole number from 1 to 100'),
    )
    .default(10),
});

/** The body of run and stop: the web sends an empty JSON object; nothing else is accepted. */
const emptyBody = z.object({}).strict();

/** The scraper route group: status, history, statistics, start and stop. */
export const handler = groupHandler('scraper', {
  'GET /api/scraper/status': defineRoute({}, async () => ({
    body: { success: true, status: await scraperStatus() },
  })),

  'GET /api/scraper/logs': defineRoute({ query: logsQuery }, async ({ query }) => ({
    body: { success: true, logs: await scraperLogs(query.limit) },
  })),

  'GET /api/scraper/stats': defineRoute({}, async () => ({
    body: { success: true, stats: await scraperStats() },
  })),

  'POST /api/scraper/run': defineRoute({ body: emptyBody }, async () => ({
    status: 202,
    body: {
      success: true,
      message: 'Scraping started successfully',
      run_id: await startRun({ triggeredBy: 'manual' }),
    },
  })),

  'POST /api/scraper/run/{productId}': defineRoute(
    { body: emptyBody, params: productIdParams },
    async ({ params }) => {
      await requireProduct(params.productId);
      const runId = await startRun({ triggeredBy: 'manual', productId: params.productId });
      return { status: 202, body: { success: true, message: 'AI analysis started', run_id: runId } };
    },
  ),

  'POST /api/scraper/stop': defineRoute({ body: emptyBody }, async () => {
    await stopRun();
    return { body: { success: true, message: 'Scraping stopped successfully' } };
  }),
});
