import { scrapeTasks } from '@cmp/functions/scrape-run/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { runningRun, storedRecord } from '../support/run-records';
import { taskHandler } from '../support/task-handler';
import { type Answer, type ApiResponse, startTestStack, type TestStack } from '../support/test-stack';

/**
 * A run's size and its records' lifetime: stopping a 30,000-URL run reads no record (it ends with
 * the counts the run kept), and price records carry the table's TTL as the retention setting says.
 * This stack keeps records for ever (PRICE_RETENTION_DAYS=0); close-run.int.test.ts checks the default.
 */
const URLS = 30_000;
let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;
let urlId: number;

const repository = () => import('@cmp/functions/data/scrape-run.repository');

beforeAll(async () => {
  shop = await startFixtureShop();
  stack = await startTestStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort, PRICE_RETENTION_DAYS: '0' } });
  token = await stack.login();
  const { product } = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'STOP-1', name: 'Stop product', current_price: 20 },
    })
  ).body;
  urlId = (
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/1` },
    })
  ).body.competitorUrl.id;
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
});

describe('stopping a run of 30,000 URLs', () => {
  it('answers with the counts the run kept, in a few requests that do not grow with the run', async () => {
    const [{ newRunId }, { createRun, countRunResult }, { takeRunLock }, { batchPut }] = await Promise.all([
      import('@cmp/functions/scrape-run/run-id'),
      repository(),
      import('@cmp/functions/data/run-lock.repository'),
      import('@cmp/functions/data/batch-write'),
    ]);
    const runId = newRunId();
    await createRun(runningRun(runId, { total_urls: URLS }));
    // The execution is gone already (as after a restart): only the run is left to close.
    await takeRunLock(runId, Date.now(), 60_000, null);
    // 30,000 records of this run (counting them through an index took one 1 MB page after another
    // inside the API call). Only what a count would read, so seeding stays quick.
    const records = Array.from({ length: URLS }, (_, i) => ({
      PK: `URL_PRICES#${100_000 + i}`,
      SK: `RUN#${runId}`,
      competitor_url_id: 100_000 + i,
      price: 19.99,
      confidence: 0.95,
      outcome: 'ok',
      message: 'Price read from the page, '.repeat(10),
      error_message: null,
    }));
    const slices = 8;
    await Promise.all(
      Array.from({ length: slices }, (_, k) =>
        batchPut(records.slice((k * URLS) / slices, ((k + 1) * URLS) / slices)),
      ),
    );
    // What those checks counted as they landed (a few here; the rest would be counted likewise).
    await countRunResult(runId, 'ok', 'ok');
    await countRunResult(runId, 'ok', 'none');
    await countRunResult(runId, 'no_price', 'throttled');

    let stopped: ApiResponse<Answer<'POST /api/scraper/stop'>> | undefined;
    // The run's end reaches the alerts in this process while the stop still answers (on AWS another
    // Lambda): counted whole, so the figure does not depend on which finishes first.
    const requests = await stack.countDynamoRequests(async () => {
      stopped = await stack.api('POST /api/scraper/stop', { token, body: {} });
      await stack.eventBus.idle();
    });

    expect(stopped?.status).toBe(200);
    // The stop's 9 (session, lock, run, end, catalogue version, lock release, the activity log's
    // entry) and the alerts' 16 (settings, the one product and its URL, states, rules): not one page
    // of the 30,000 records, which would take 9 more at least (1 MB a page).
    expect(requests).toBeLessThanOrEqual(25);
    const log = (await stack.scraperLogs(token)).find((entry) => entry.id === runId);
    expect(log).toEqual(
      expect.objectContaining({
        status: 'stopped',
        total_urls: URLS,
        successful_urls: 2,
        failed_urls: 1,
        not_checked_urls: URLS - 3,
        llm: { calls: 2, failed: 1, reasons: [{ reason: 'throttled', count: 1 }] },
      }),
    );
    expect(log?.outcome_counts).toEqual(expect.objectContaining({ ok: 2, no_price: 1 }));
  }, 120_000);
});

describe('price records', () => {
  it('are kept for ever with PRICE_RETENTION_DAYS=0, and in no index', async () => {
    const [{ newRunId }, { createRun }, scrapeUrl] = await Promise.all([
      import('@cmp/functions/scrape-run/run-id'),
      repository(),
      taskHandler(scrapeTasks.ScrapeUrl.entry),
    ]);
    const runId = newRunId();
    await createRun(runningRun(runId, { total_urls: 1 }));
    await scrapeUrl({ runId, urlId });

    const record = await storedRecord(urlId, runId);
    expect(record).toEqual(expect.objectContaining({ price: expect.any(Number) }));
    expect(record).not.toHaveProperty('expires_at');
    expect(Object.keys(record ?? {}).filter((key) => key.startsWith('GSI'))).toEqual([]);
  });
});
