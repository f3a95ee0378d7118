import type { Product, ScraperStatus } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackHosts, startFixtureShop } from '../support/fixture-shop';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * Runs you can follow (issue 16): nothing to check is refused and logs nothing; a started run's
 * total is known from the first status poll; live counts by outcome; a stopped run's counts add up
 * to its total; the next scheduled run. The shop answers slowly, on 6 hosts (each one is paced).
 */
let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;
let product: Product;

const URLS = 12;
const BROKEN = 3;

beforeAll(async () => {
  shop = await startFixtureShop({ delayMs: 250, hosts: loopbackHosts(6) });
  stack = await startTestStack({
    env: {
      SCRAPER_ALLOW_HOSTS: shop.allowHosts,
      SCRAPE_MAX_CONCURRENCY: '2',
      SCRAPE_RUN_TIMEOUT_SECONDS: '120',
      SCRAPE_SCHEDULE: 'cron(15 6 * * ? *)',
      SCHEDULE_ENABLED: 'true',
    },
  });
  token = await stack.login();
  product = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'FOLLOW-1', name: 'Followed product', current_price: 20 },
    })
  ).body.product;
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
});

const status = () => stack.scraperStatus(token);
const logs = () => stack.scraperLogs(token);
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('a start with nothing to check', () => {
  it('of the whole catalogue answers 400 with a clear message, and logs no session', async () => {
    const response = await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'There are no competitor URLs to check' });
    expect(await logs()).toEqual([]);
    expect((await status()).is_running).toBe(false);
  });

  it('of a product without URLs answers 400 with a clear message, and logs no session', async () => {
    const response = await stack.api('POST /api/scraper/run/{productId}', {
      token,
      body: {},
      params: { productId: product.id },
    });
    await stack.stepFunctions.idle();

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'This product has no competitor URLs to check',
    });
    expect(await logs()).toEqual([]);
  });
});

describe('a run', () => {
  beforeAll(async () => {
    for (let n = 0; n < URLS; n++) {
      const path = n < BROKEN ? `/broken/${n}` : `/p/${n}`;
      await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: product.id, competitor_name: `Shop ${n}`, url: `${shop.originOf(n)}${path}` },
      });
    }
  });

  it('shows its total from the first status poll after the start', async () => {
    const started = await stack.api('POST /api/scraper/run', { token, body: {} });
    const first = await status();
    await stack.stepFunctions.idle();

    expect(started.status).toBe(202);
    expect(first.is_running).toBe(true);
    expect(first.current_stats.total_urls).toBe(URLS);
    expect(first.latest_log).toEqual(
      expect.objectContaining({ status: 'running', total_urls: URLS, not_checked_urls: 0 }),
    );
  });

  it("of one product shows that product's URL count from the first poll", async () => {
    await stack.api('POST /api/scraper/run/{productId}', {
      token,
      body: {},
      params: { productId: product.id },
    });
    const first = await status();
    await stack.stepFunctions.idle();

    expect(first.current_stats.total_urls).toBe(URLS);
  });

  it('counts by outcome as the checks land, and ends with every URL checked', async () => {
    await stack.api('POST /api/scraper/run', { token, body: {} });
    let during: ScraperStatus | undefined;
    await until(async () => {
      during = await status();
      return during.current_stats.successful_urls + during.current_stats.failed_urls >= 4;
    });
    await stack.stepFunctions.idle();
    const [log] = await logs();

    const live = during?.current_stats;
    expect(during?.is_running).toBe(true);
    expect(live?.outcome_counts.ok).toBe(live?.successful_urls);
    expect(live?.outcome_counts.failed).toBe(live?.failed_urls);
    expect(log).toEqual(
      expect.objectContaining({
        status: 'completed',
        total_urls: URLS,
        successful_urls: URLS - BROKEN,
        failed_urls: BROKEN,
        not_checked_urls: 0,
      }),
    );
  });

  it('stopped part-way keeps its total: successful + failed + not checked add up to it', async () => {
    await stack.api('POST /api/scraper/run', { token, body: {} });
    await until(async () => {
      const { current_stats } = await status();
      return current_stats.successful_urls + current_stats.failed_urls >= 2;
    });
    await stack.api('POST /api/scraper/stop', { token, body: {} });
    await stack.stepFunctions.idle();
    const [log] = await logs();

    expect(log?.status).toBe('stopped');
    expect(log?.total_urls).toBe(URLS);
    expect(log?.not_checked_urls).toBeGreaterThan(0);
    expect((log?.successful_urls ?? 0) + (log?.failed_urls ?? 0) + (log?.not_checked_urls ?? 0)).toBe(URLS);
  });
});

describe('the next scheduled run', () => {
  it('is the next time SCRAPE_SCHEDULE names, in UTC', async () => {
    const before = Date.now();
    const { next_scheduled_run_at: next } = await status();

    const at = new Date(next ?? '');
    expect(at.getUTCHours() * 60 + at.getUTCMinutes()).toBe(6 * 60 + 15);
    expect(at.getTime()).toBeGreaterThan(before);
    expect(at.getTime() - before).toBeLessThanOrEqual(86_400_000);
  });
});
