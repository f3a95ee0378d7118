import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduledRun } from '../../local/stack';
import { loopbackHosts, startFixtureShop } from '../support/fixture-shop';
import { runningRun } from '../support/run-records';
import { startTestStack, type TestStack } from '../support/test-stack';

/** Stopping, scheduled starts and locks left behind, over a shop that answers slowly (on 10 hosts: each is paced). */
let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;

beforeAll(async () => {
  shop = await startFixtureShop({ delayMs: 150, hosts: loopbackHosts(10) });
  stack = await startTestStack({
    env: {
      SCRAPER_ALLOW_HOSTS: shop.allowHosts,
      SCRAPE_MAX_CONCURRENCY: '2',
      SCRAPE_RUN_TIMEOUT_SECONDS: '60',
    },
  });
  token = await stack.login();
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku: 'SLOW-1', name: 'Slow product', current_price: 20 },
  });
  for (let n = 0; n < 30; n++) {
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: 'Fixture', url: `${shop.originOf(n)}/p/${n}` },
    });
  }
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
});

const status = () => stack.scraperStatus(token);
const logs = () => stack.scraperLogs(token);
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('stopping a price check', () => {
  it('ends the run as stopped with the results so far, releases the lock, and lets a new run start', async () => {
    await stack.api('POST /api/scraper/run', { token, body: {} });
    await until(async () => (await status()).current_stats.successful_urls >= 4);

    const stopped = await stack.api('POST /api/scraper/stop', { token, body: {} });
    const afterStop = await status();
    await stack.stepFunctions.idle();
    const [log] = await logs();
    const requestsAtStop = shop.requests();
    await new Promise((r) => setTimeout(r, 500));
    const requestsLater = shop.requests();
    const restarted = await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();

    expect(stopped.body).toEqual({ success: true, message: 'Scraping stopped successfully' });
    expect(afterStop.is_running).toBe(false);
    expect(log?.status).toBe('stopped');
    expect(log?.successful_urls).toBeGreaterThanOrEqual(4);
    expect(log?.successful_urls).toBeLessThan(30);
    expect(requestsLater).toBe(requestsAtStop);
    expect(restarted.status).toBe(202);
    expect((await logs())[0]).toEqual(expect.objectContaining({ status: 'completed', successful_urls: 30 }));
  });
});

describe('scheduled price checks', () => {
  it('run like manual ones and show triggered_by schedule', async () => {
    await startScheduledRun(stack.stepFunctions);
    await stack.stepFunctions.idle();
    const [log] = await logs();

    expect(log).toEqual(
      expect.objectContaining({ triggered_by: 'schedule', status: 'completed', total_urls: 30 }),
    );
  });

  it('do nothing while another run holds the lock', async () => {
    const { takeRunLock, releaseRunLock } = await import('@cmp/functions/data/run-lock.repository');
    await takeRunLock('20261122T000000000Z-holder', Date.now(), 60_000, null);
    const before = (await logs()).length;

    await startScheduledRun(stack.stepFunctions);
    await stack.stepFunctions.idle();
    const after = (await logs()).length;
    await releaseRunLock('20261122T000000000Z-holder');

    expect(after).toBe(before);
  });
});

describe('a lock left by a run that crashed', () => {
  it('is taken over once older than the run timeout, and the crashed run is marked failed', async () => {
    const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
    const { takeRunLock } = await import('@cmp/functions/data/run-lock.repository');
    const crashed = '20261101T000000000Z-crashed';
    const longAgo = Date.now() - 61_000;
    await takeRunLock(crashed, longAgo, 60_000, null);
    await createRun(runningRun(crashed, { started_at: new Date(longAgo).toISOString(), total_urls: 30 }));
    const staleStatus = await status();

    const started = await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();
    const all = await logs();

    expect(staleStatus.is_running).toBe(false);
    expect(started.status).toBe(202);
    expect(all.find((log) => log.id === crashed)).toEqual(
      expect.objectContaining({ status: 'failed', error_message: expect.stringContaining('took over') }),
    );
    expect(all[0]).toEqual(expect.objectContaining({ status: 'completed' }));
  });
});
