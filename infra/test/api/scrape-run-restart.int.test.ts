import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDynamo } from '../../local/dynamo-local';
import { LOCAL_TABLE_NAME } from '../../local/local-env';
import { startFixtureShop } from '../support/fixture-shop';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * `npm start` after an earlier start was killed mid-run, and Ctrl-C during a run: no run is left
 * 'running' and no lock is left behind in the data directory.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'cmp-scrape-restart-'));
const dynamoPath = join(dataDir, 'dynamodb');
const orphan = '20260101T000000000Z-killed';
let stack: TestStack;
let stopped = false;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;

/** Works on the data directory while no stack has it open, as `.data/` is between starts. */
async function withData<T>(work: (client: DynamoDBDocumentClient) => Promise<T>): Promise<T> {
  const dynamo = await startLocalDynamo({ path: dynamoPath, tableName: LOCAL_TABLE_NAME });
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
  try {
    return await work(client);
  } finally {
    client.destroy();
    await dynamo.close();
  }
}

beforeAll(async () => {
  // What a process killed during a run leaves: a live lock and its run still 'running'.
  const executionArn = `arn:aws:states:eu-west-2:000000000000:execution:check-my-price-scrape:${orphan}`;
  await withData(async (client) => {
    const put = (Item: Record<string, unknown>) =>
      client.send(new PutCommand({ TableName: LOCAL_TABLE_NAME, Item }));
    await put({
      PK: 'SCRAPER_LOCK',
      SK: 'LOCK',
      run_id: orphan,
      taken_at: Date.now(),
      execution_arn: executionArn,
    });
    await put({
      PK: `RUN#${orphan}`,
      SK: 'RUN',
      GSI1PK: 'RUNS',
      GSI1SK: '2026-01-01T00:00:00.000Z',
      type: 'run',
      run_id: orphan,
      status: 'running',
      triggered_by: 'manual',
      started_at: '2026-01-01T00:00:00.000Z',
      completed_at: null,
      total_urls: 12,
      successful_urls: 0,
      failed_urls: 0,
      product_id: null,
      execution_arn: executionArn,
      error_message: null,
    });
  });

  shop = await startFixtureShop({ delayMs: 150 });
  stack = await startTestStack({
    dataDir,
    env: { SCRAPER_ALLOW_HOSTS: shop.hostPort, SCRAPE_MAX_CONCURRENCY: '2' },
  });
  token = await stack.login();
});
afterAll(async () => {
  if (!stopped) await stack.stop();
  await shop.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const status = () => stack.scraperStatus(token);
const logs = () => stack.scraperLogs(token);

describe('starting on data left by a start that was killed during a run', () => {
  it('marks that run stopped and frees the lock', async () => {
    const shown = await status();
    const [log] = await logs();

    expect(shown.is_running).toBe(false);
    expect(log).toEqual(
      expect.objectContaining({
        id: orphan,
        status: 'stopped',
        error_message: expect.stringContaining('shut down'),
      }),
    );
    expect(log?.completed_at).not.toBeNull();
  });
});

describe('stopping the app during a run', () => {
  it('ends the run as stopped and releases the lock before the data is closed', async () => {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: 'SLOW-1', name: 'Slow product', current_price: 20 },
    });
    for (let n = 0; n < 20; n++) {
      await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: body.product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/${n}` },
      });
    }
    const started = await stack.api('POST /api/scraper/run', { token, body: {} });
    for (let i = 0; i < 100 && (await status()).current_stats.successful_urls < 2; i++)
      await new Promise((r) => setTimeout(r, 50));

    await stack.stop();
    stopped = true;
    const items = await withData(
      async (client) => (await client.send(new ScanCommand({ TableName: LOCAL_TABLE_NAME }))).Items ?? [],
    );

    const runs = items.filter((item) => item.type === 'run' && item.run_id !== orphan);
    expect(started.status).toBe(202);
    expect(runs).toEqual([expect.objectContaining({ status: 'stopped', completed_at: expect.any(String) })]);
    expect(runs[0]?.successful_urls).toBeGreaterThanOrEqual(2);
    expect(runs[0]?.successful_urls).toBeLessThan(20);
    expect(items.find((item) => item.PK === 'SCRAPER_LOCK')).toBeUndefined();
  });
});
