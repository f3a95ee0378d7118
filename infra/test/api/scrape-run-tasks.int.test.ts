import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createServer as createHttp2Server, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { RunRecord } from '@cmp/functions/data/scrape-run.repository';
import { dataObjectLines } from '@cmp/functions/lib/data-bucket';
import { type PreparedRun, runItemsKey } from '@cmp/functions/scrape-run/prepare';
import { scrapeTasks, statusChangeTask } from '@cmp/functions/scrape-run/tasks';
import { countByOutcome, type Product } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { runningRun } from '../support/run-records';
import { taskHandler } from '../support/task-handler';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The scrape run's task handlers, as the state machine calls them, against the local stack: what
 * they count, what they refuse to count twice, and how runs end.
 */
let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let noPriceShop: Server;
let bedrock: Http2Server;
let converseCalls = 0;
let token: string;
let product: Product;
/** Competitor URLs of `product` on the fixture shop, each priced n + 0.99. */
const pricedUrlIds: number[] = [];
let brokenUrlId: number;

const repository = () => import('@cmp/functions/data/scrape-run.repository');
const runLock = () => import('@cmp/functions/data/run-lock.repository');
const newRun = async (overrides: Partial<RunRecord>) => {
  const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
  const runId = newRunId();
  await (await repository()).createRun(runningRun(runId, overrides));
  return runId;
};

/** The URL ids Prepare wrote for the Map, read back from the S3 stand-in. */
const itemIds = async (prepared: PreparedRun) => {
  const ids: number[] = [];
  for await (const line of dataObjectLines(prepared.items))
    ids.push((JSON.parse(line) as { urlId: number }).urlId);
  return ids;
};

beforeAll(async () => {
  shop = await startFixtureShop();
  // A page with no price anywhere: only the model could read one, and Bedrock keeps throttling.
  noPriceShop = createServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Gift card</title><h1>Gift card</h1><p>Pick an amount at checkout.</p>');
  }).listen(0, '127.0.0.1');
  await once(noPriceShop, 'listening');
  // Bedrock Converse's wire format (HTTP/2), always answering that it is throttling.
  bedrock = createHttp2Server((req, res) => {
    converseCalls++;
    req.resume();
    req.on('end', () => {
      res.writeHead(429, { 'content-type': 'application/json', 'x-amzn-errortype': 'ThrottlingException' });
      res.end(JSON.stringify({ message: 'Too many requests, please wait before trying again.' }));
    });
  }).listen(0, '127.0.0.1');
  await once(bedrock, 'listening');
  const noPriceHost = `127.0.0.1:${(noPriceShop.address() as AddressInfo).port}`;

  stack = await startTestStack({
    env: {
      SCRAPER_ALLOW_HOSTS: `${shop.hostPort},${noPriceHost}`,
      BEDROCK_MODEL_ID: 'eu.test-model-v1:0',
      BEDROCK_ENDPOINT: `http://127.0.0.1:${(bedrock.address() as AddressInfo).port}`,
    },
    // The definition's backoff (seconds to a minute) is for AWS; the retries themselves still happen.
    retryIntervalMs: 0,
  });
  token = await stack.login();
  ({ product } = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'TASK-1', name: 'Task product', current_price: 20 },
    })
  ).body);
  const addUrl = async (url: string) =>
    (
      await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: product.id, competitor_name: 'Fixture', url },
      })
    ).body.competitorUrl.id;
  for (let n = 1; n <= 3; n++) pricedUrlIds.push(await addUrl(`${shop.origin}/p/${n}`));
  brokenUrlId = await addUrl(`http://${noPriceHost}/gift-card`);
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
  noPriceShop.closeAllConnections();
  await new Promise((resolve) => noPriceShop.close(resolve));
  await new Promise((resolve) => bedrock.close(resolve));
});

const status = () => stack.scraperStatus(token);
const logs = () => stack.scraperLogs(token);
const logOf = async (runId: string) => (await logs()).find((log) => log.id === runId);
const recordsOf = async (runId: string) =>
  (await stack.scanTable()).filter((item) => item.type === 'price-record' && item.run_id === runId);

describe('a URL the check gives up on', () => {
  it('is recorded as failed with a readable reason through RecordFailure, and the run still completes', async () => {
    const callsBefore = converseCalls;
    const started = await stack.api('POST /api/scraper/run/{productId}', {
      token,
      body: {},
      params: { productId: product.id },
    });
    await stack.stepFunctions.idle();
    const [log] = await logs();
    const records = await recordsOf(log?.id ?? '');
    const urlItem = (await stack.scanTable()).find(
      (item) => item.type === 'competitor-url' && item.id === brokenUrlId,
    );

    expect(started.status).toBe(202);
    expect(log).toEqual(
      expect.objectContaining({ status: 'completed', total_urls: 4, successful_urls: 3, failed_urls: 1 }),
    );
    expect(records.find((r) => r.competitor_url_id === brokenUrlId)).toEqual(
      expect.objectContaining({
        price: null,
        error_message: 'Check failed: Bedrock is throttling; try again later',
      }),
    );
    expect(urlItem?.latest).toEqual(
      expect.objectContaining({ error_message: 'Check failed: Bedrock is throttling; try again later' }),
    );
    // The state machine tried the page again before giving up, beyond the client's own attempts.
    expect(converseCalls - callsBefore).toBeGreaterThan(4);
  });
});

describe('ScrapeUrl', () => {
  it('run twice for the same run and URL writes one record and counts it once', async () => {
    const scrapeUrl = await taskHandler(scrapeTasks.ScrapeUrl.entry);
    const runId = await newRun({ total_urls: 1 });

    const first = await scrapeUrl({ runId, urlId: pricedUrlIds[0] });
    const second = await scrapeUrl({ runId, urlId: pricedUrlIds[0] });
    const run = await (await repository()).getRun(runId);

    expect(first).toEqual({ recorded: true });
    expect(second).toEqual({ recorded: false });
    expect(await recordsOf(runId)).toEqual([expect.objectContaining({ price: 1.99 })]);
    expect(run).toEqual(expect.objectContaining({ successful_urls: 1, failed_urls: 0 }));
  });

  it('still records a check that lands after its run was stopped, but no longer counts it', async () => {
    const scrapeUrl = await taskHandler(scrapeTasks.ScrapeUrl.entry);
    const runId = await newRun({ total_urls: 3 });
    await (await runLock()).takeRunLock(runId, Date.now(), 60_000, null);

    const stop = await stack.api('POST /api/scraper/stop', { token, body: {} });
    const late = await scrapeUrl({ runId, urlId: pricedUrlIds[1] });

    expect(stop.status).toBe(200);
    expect(late).toEqual({ recorded: true });
    expect(await recordsOf(runId)).toHaveLength(1);
    expect(await logOf(runId)).toEqual(
      expect.objectContaining({
        status: 'stopped',
        successful_urls: 0,
        failed_urls: 0,
        total_urls: 3,
        not_checked_urls: 3,
      }),
    );
  });
});

describe('Finalize', () => {
  it('derives the counts from the records of the run’s URLs, not from the live counters', async () => {
    const [scrapeUrl, recordFailure, finalize] = await Promise.all([
      taskHandler(scrapeTasks.ScrapeUrl.entry),
      taskHandler(scrapeTasks.RecordFailure.entry),
      taskHandler(scrapeTasks.Finalize.entry),
    ]);
    const runId = await newRun({ total_urls: 40, successful_urls: 17, failed_urls: 9 });
    await (await runLock()).takeRunLock(runId, Date.now(), 60_000, null);
    await scrapeUrl({ runId, urlId: pricedUrlIds[0] });
    await scrapeUrl({ runId, urlId: pricedUrlIds[1] });
    await recordFailure({ runId, urlId: brokenUrlId, error: { Error: 'Error', Cause: 'Something broke' } });

    // pricedUrlIds[2] was never checked (as if deleted mid-run): it has no record, and counts as not checked.
    const result = await finalize({ runId, batches: [pricedUrlIds, [brokenUrlId]] });
    const after = await status();

    expect(result).toEqual({ runId, status: 'completed' });
    expect(await logOf(runId)).toEqual(
      expect.objectContaining({
        status: 'completed',
        total_urls: 4,
        successful_urls: 2,
        failed_urls: 1,
        not_checked_urls: 1,
      }),
    );
    expect(after.is_running).toBe(false);
  });

  it('still ends a run started before batching, whose definition hands it the URL ids unbatched', async () => {
    const finalize = await taskHandler(scrapeTasks.Finalize.entry);
    const runId = await newRun({ total_urls: 4 });
    await (await runLock()).takeRunLock(runId, Date.now(), 60_000, null);

    const result = await finalize({ runId, urlIds: [...pricedUrlIds, brokenUrlId] });

    expect(result).toEqual({ runId, status: 'completed' });
    expect(await logOf(runId)).toEqual(
      expect.objectContaining({ status: 'completed', total_urls: 4, not_checked_urls: 4 }),
    );
  });

  it('refuses input without the run’s URL ids', async () => {
    const finalize = await taskHandler(scrapeTasks.Finalize.entry);

    await expect(finalize({ runId: await newRun({}) })).rejects.toThrow(/^Finalize: unexpected input/);
  });
});

describe('Prepare', () => {
  it('writes the run’s URLs to the data bucket for the Map, and Finalize counts them all from there', async () => {
    const [prepare, finalize] = await Promise.all([
      taskHandler(scrapeTasks.Prepare.entry),
      taskHandler(scrapeTasks.Finalize.entry),
    ]);
    const input = {
      request: { productId: product.id },
      executionArn: 'arn:batched',
      executionName: 'batched',
      startedAt: new Date().toISOString(),
    };

    const prepared = (await prepare(input)) as unknown as PreparedRun;
    const done = await finalize({ runId: prepared.runId, items: prepared.items });

    // The product's 4 URLs, one JSON line each.
    expect(prepared).toEqual({
      runId: prepared.runId,
      items: { bucket: stack.settings.DATA_BUCKET, key: runItemsKey(prepared.runId) },
      total: 4,
      results: { bucket: stack.settings.DATA_BUCKET, prefix: `runs/${prepared.runId}/results` },
    });
    expect((await itemIds(prepared)).sort()).toEqual([...pricedUrlIds, brokenUrlId].sort());
    expect(done).toEqual({ runId: prepared.runId, status: 'completed' });
    expect(await logOf(prepared.runId)).toEqual(
      expect.objectContaining({ status: 'completed', total_urls: 4, not_checked_urls: 4 }),
    );
  });

  it('refuses input without what it needs, and Finalize items that are not URL ids', async () => {
    const [prepare, finalize] = await Promise.all([
      taskHandler(scrapeTasks.Prepare.entry),
      taskHandler(scrapeTasks.Finalize.entry),
    ]);
    const { putDataObject } = await import('@cmp/functions/lib/data-bucket');
    const runId = await newRun({ total_urls: 1 });
    const items = await putDataObject(`runs/${runId}/urls.jsonl`, '{"urlId":"7"}\n', 'application/jsonl');

    await expect(prepare({ request: {}, executionArn: 'arn:x', startedAt: 'now' })).rejects.toThrow(
      /^Prepare: unexpected input/,
    );
    await expect(finalize({ runId, items })).rejects.toThrow(/urlId/);
  });

  it('refuses a run with more URLs than its Map can carry: a failed run that says so, nothing checked, lock free', async () => {
    const [{ prepareRun }, finalize] = await Promise.all([
      import('@cmp/functions/scrape-run/prepare'),
      taskHandler(scrapeTasks.Finalize.entry),
    ]);
    const startedAt = new Date().toISOString();
    const input = {
      request: { triggeredBy: 'schedule' as const, productId: product.id },
      executionArn: 'arn:big',
      executionName: 'big',
      startedAt,
    };

    // The product has 4 URLs; a limit of 3 stands in for MAX_URLS_PER_RUN.
    const prepared = await prepareRun(input, 60, 3);
    const done = await finalize({ runId: prepared.runId, items: prepared.items });
    const after = await status();

    expect(prepared.total).toBe(0);
    expect(await itemIds(prepared)).toEqual([]);
    expect(done).toEqual({ runId: prepared.runId, status: 'already ended' });
    expect(await logOf(prepared.runId)).toEqual(
      expect.objectContaining({
        status: 'failed',
        total_urls: 0,
        successful_urls: 0,
        failed_urls: 0,
        error_message:
          'Not started: 4 competitor URLs, and one run checks at most 3. Check per product, or see "Scale and speed" in docs/figures.md.',
      }),
    );
    expect(await recordsOf(prepared.runId)).toEqual([]);
    expect(after.is_running).toBe(false);
  });
});

describe('the status-change handler', () => {
  it.each([
    ['FAILED', 'failed', 'The run failed'],
    ['TIMED_OUT', 'failed', 'The run timed out'],
    ['ABORTED', 'stopped', null],
  ])(
    'ends the run of a %s execution as %s with its records, and releases the lock',
    async (executionStatus, runStatus, message) => {
      const [scrapeUrl, statusChange] = await Promise.all([
        taskHandler(scrapeTasks.ScrapeUrl.entry),
        taskHandler(statusChangeTask.entry),
      ]);
      const executionArn = `arn:aws:states:eu-west-2:000000000000:execution:check-my-price-scrape:${executionStatus}`;
      const runId = await newRun({ total_urls: 3, execution_arn: executionArn });
      await (await runLock()).takeRunLock(runId, Date.now(), 60_000, executionArn);
      await scrapeUrl({ runId, urlId: pricedUrlIds[2] });

      const result = await statusChange({ detail: { executionArn, status: executionStatus } });
      const after = await status();

      expect(result).toEqual({ runId });
      expect(await logOf(runId)).toEqual(
        expect.objectContaining({
          status: runStatus,
          error_message: message,
          total_urls: 3,
          successful_urls: 1,
          not_checked_urls: 2,
        }),
      );
      expect(after.is_running).toBe(false);
    },
  );

  it('leaves runs alone for an execution that succeeded', async () => {
    const statusChange = await taskHandler(statusChangeTask.entry);
    const executionArn = 'arn:aws:states:eu-west-2:000000000000:execution:check-my-price-scrape:ok';
    const runId = await newRun({ execution_arn: executionArn });
    await (await runLock()).takeRunLock(runId, Date.now(), 60_000, executionArn);

    const result = await statusChange({ detail: { executionArn, status: 'SUCCEEDED' } });
    const during = await status();
    await (await runLock()).releaseRunLock(runId);

    expect(result).toEqual({ runId: null });
    expect(during.is_running).toBe(true);
    expect(await logOf(runId)).toEqual(expect.objectContaining({ status: 'running' }));
  });
});

describe('the scraper status right after a start', () => {
  it('shows zero counts, not the previous run’s, until Prepare writes the new run', async () => {
    const { endRun } = await repository();
    const previous = await newRun({ total_urls: 6 });
    await endRun(previous, {
      status: 'completed',
      completed_at: new Date().toISOString(),
      total_urls: 6,
      successful_urls: 5,
      failed_urls: 1,
      outcome_counts: countByOutcome([]),
      llm: null,
    });
    const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
    const starting = newRunId();
    await (await runLock()).takeRunLock(starting, Date.now(), 60_000, null);

    const shown = await status();
    await (await runLock()).releaseRunLock(starting);

    expect(shown.is_running).toBe(true);
    expect(shown.current_stats).toEqual({
      successful_urls: 0,
      failed_urls: 0,
      total_urls: 0,
      outcome_counts: countByOutcome([]),
    });
    expect(shown.latest_log).toEqual(expect.objectContaining({ id: previous, status: 'completed' }));
  });
});
