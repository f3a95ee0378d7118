import type { EndedRunStatus } from '@cmp/functions/scrape-run/run-endings';
import { scrapeTasks, statusChangeTask } from '@cmp/functions/scrape-run/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { runningRun, storedRecord } from '../support/run-records';
import { taskHandler } from '../support/task-handler';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * closeRun, the one way a run ends (Finalize, Stop, the status-change handler, a lock taken over,
 * a local restart): what it writes, what it leaves alone, and the lock.
 */
let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;
let pricedUrlId: number;
let brokenUrlId: number;

const repository = () => import('@cmp/functions/data/scrape-run.repository');
const runLock = () => import('@cmp/functions/data/run-lock.repository');
const closeRun = async (...args: Parameters<typeof import('@cmp/functions/scrape-run/close-run').closeRun>) =>
  (await import('@cmp/functions/scrape-run/close-run')).closeRun(...args);

beforeAll(async () => {
  shop = await startFixtureShop();
  stack = await startTestStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
  token = await stack.login();
  const { product } = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'CLOSE-1', name: 'Close product', current_price: 20 },
    })
  ).body;
  const addUrl = async (url: string) =>
    (
      await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: product.id, competitor_name: 'Fixture', url },
      })
    ).body.competitorUrl.id;
  pricedUrlId = await addUrl(`${shop.origin}/p/1`);
  brokenUrlId = await addUrl(`${shop.origin}/broken/1`);
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
});

const logOf = async (runId: string) => (await stack.scraperLogs(token)).find((log) => log.id === runId);

/** A running run holding the lock, with one successful and one failed record. */
async function runWithRecords(): Promise<string> {
  const [{ newRunId }, { createRun }, { takeRunLock }, scrapeUrl, recordFailure] = await Promise.all([
    import('@cmp/functions/scrape-run/run-id'),
    repository(),
    runLock(),
    taskHandler(scrapeTasks.ScrapeUrl.entry),
    taskHandler(scrapeTasks.RecordFailure.entry),
  ]);
  const runId = newRunId();
  await createRun(runningRun(runId, { total_urls: 2 }));
  await takeRunLock(runId, Date.now(), 60_000, null);
  await scrapeUrl({ runId, urlId: pricedUrlId });
  await recordFailure({ runId, urlId: brokenUrlId, error: { Error: 'Error', Cause: 'Something broke' } });
  return runId;
}

describe('closing a run', () => {
  it.each<[EndedRunStatus, string | null]>([
    ['completed', null],
    ['stopped', null],
    ['stopped', 'Check My Price was shut down while this run was going'],
    ['failed', 'The run timed out'],
  ])(
    'ends it as %s (reason %s) with the counts of its records, and releases its lock',
    async (status, reason) => {
      const runId = await runWithRecords();
      const { getRunLock } = await runLock();
      const { readCatalogueVersion } = await import('@cmp/functions/data/catalogue-version.repository');

      const ended = await closeRun(runId, { status, reason });
      const scraper = await stack.scraperStatus(token);

      expect(ended).toBe(true);
      expect(await logOf(runId)).toEqual(
        expect.objectContaining({
          status,
          error_message: reason,
          completed_at: expect.any(String),
          total_urls: 2,
          successful_urls: 1,
          failed_urls: 1,
        }),
      );
      expect(await getRunLock()).toBeUndefined();
      expect(scraper.is_running).toBe(false);
      // The dashboard's lists stop refreshing as if a run were still changing them.
      expect((await readCatalogueVersion()).runActive).toBe(false);
    },
  );

  it('keeps each record 400 days by default: DynamoDB’s TTL may delete it after that', async () => {
    const before = Math.floor(Date.now() / 1000);
    const runId = await runWithRecords();
    const day = 86_400;

    for (const id of [pricedUrlId, brokenUrlId]) {
      const expiresAt = Number((await storedRecord(id, runId))?.expires_at);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 400 * day);
      expect(expiresAt).toBeLessThan(before + 400 * day + 600);
    }
    await closeRun(runId, { status: 'completed' });
  });

  it('changes nothing on a run already ended, but still releases the lock it left held', async () => {
    const runId = await runWithRecords();
    await closeRun(runId, { status: 'stopped' });
    const before = await logOf(runId);
    await (await runLock()).takeRunLock(runId, Date.now(), 60_000, null);

    const again = await closeRun(runId, { status: 'completed', reason: 'too late' });

    expect(again).toBe(false);
    expect(await logOf(runId)).toEqual(before);
    expect(await (await runLock()).getRunLock()).toBeUndefined();
  });

  it('reads nothing of a run already ended for a late Finalize, and leaves no snapshot of its URLs', async () => {
    const runId = await runWithRecords();
    await closeRun(runId, { status: 'stopped' });
    const before = await logOf(runId);
    const { readUrlSnapshot } = await import('@cmp/functions/data/url-snapshot.repository');
    const requestsBefore = stack.dynamo.totalRequests();

    const late = await closeRun(runId, { status: 'completed', urlIds: [pricedUrlId, brokenUrlId] });

    // The run's record, then the lock.
    expect(stack.dynamo.totalRequests() - requestsBefore).toBeLessThanOrEqual(2);
    expect(late).toBe(false);
    expect(await logOf(runId)).toEqual(before);
    expect(await readUrlSnapshot(runId)).toBeUndefined();
  });

  it('leaves alone a lock another run holds', async () => {
    const runId = await runWithRecords();
    const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
    const { takeRunLock, getRunLock, releaseRunLock } = await runLock();
    const other = newRunId();
    // The lock was taken over (it had gone stale) by a later run.
    await takeRunLock(other, Date.now(), 0, null);

    await closeRun(runId, { status: 'failed', reason: 'taken over' });
    const lock = await getRunLock();
    await releaseRunLock(other);

    expect(lock?.run_id).toBe(other);
    expect(await logOf(runId)).toEqual(expect.objectContaining({ status: 'failed' }));
  });
});

describe('the status-change handler', () => {
  it.each(['SUCCEEDED', 'RUNNING', 'constructor', 'toString'])(
    'leaves the run of an execution with status %s running',
    async (executionStatus) => {
      const statusChange = await taskHandler(statusChangeTask.entry);
      const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
      const { createRun } = await repository();
      const { takeRunLock, releaseRunLock } = await runLock();
      const runId = newRunId();
      const executionArn = `arn:aws:states:eu-west-2:000000000000:execution:check-my-price-scrape:${runId}`;
      await createRun(runningRun(runId, { execution_arn: executionArn }));
      await takeRunLock(runId, Date.now(), 60_000, executionArn);

      const result = await statusChange({ detail: { executionArn, status: executionStatus } }).catch(
        (error: Error) => error.message,
      );
      const scraper = await stack.scraperStatus(token);
      await releaseRunLock(runId);

      expect(result).toEqual({ runId: null });
      expect(scraper.is_running).toBe(true);
      expect(await logOf(runId)).toEqual(expect.objectContaining({ status: 'running' }));
    },
  );
});
