import { countByOutcome, MAX_SCRAPER_LOGS_LIMIT, type Product } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackHosts, startFixtureShop } from '../support/fixture-shop';
import { present } from '../support/present';
import { startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;
const urlIds: number[] = [];
let firstProduct: Product;

/** 50 URLs over 10 products on 10 shop hosts (each host's requests are paced): 40 priced pages, 5 missing, 5 broken. */
beforeAll(async () => {
  shop = await startFixtureShop({ hosts: loopbackHosts(10) });
  stack = await startTestStack({
    env: { SCRAPER_ALLOW_HOSTS: shop.allowHosts, SCRAPE_MAX_CONCURRENCY: '10' },
  });
  token = await stack.login();
  for (let p = 0; p < 10; p++) {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: `RUN-${p}`, name: `Run product ${p}`, current_price: 20 },
    });
    if (p === 0) firstProduct = body.product;
    for (let u = 0; u < 5; u++) {
      const n = p * 5 + u;
      const path = n % 10 === 8 ? `missing/${n}` : n % 10 === 9 ? `broken/${n}` : `p/${n}`;
      const added = await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: body.product.id, competitor_name: 'Fixture', url: `${shop.originOf(n)}/${path}` },
      });
      urlIds.push(added.body.competitorUrl.id);
    }
  }
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
});

const status = () => stack.scraperStatus(token);
const logs = () => stack.scraperLogs(token);

describe('a price check over every competitor URL', () => {
  it('runs to completed with exact counts, a record per URL and each URL’s latest observation', async () => {
    const started = await stack.api('POST /api/scraper/run', { token, body: {} });
    const during = await status();
    await stack.stepFunctions.idle();
    const after = await status();
    const [log] = await logs();
    const detail = await stack.api('GET /api/competitor-urls/{id}', {
      token,
      params: { id: present(urlIds[0]) },
    });
    const broken = await stack.api('GET /api/competitor-urls/{id}', {
      token,
      params: { id: present(urlIds[9]) },
    });
    const items = await stack.scanTable();

    expect(started.status).toBe(202);
    expect(started.body).toEqual(
      expect.objectContaining({ success: true, message: 'Scraping started successfully' }),
    );
    expect(during.is_running).toBe(true);
    expect(after.is_running).toBe(false);
    expect(after.total_competitor_urls).toBe(50);
    expect(after.current_stats).toEqual({
      successful_urls: 40,
      failed_urls: 10,
      total_urls: 50,
      outcome_counts: { ...countByOutcome([]), ok: 40, failed: 10 },
    });
    expect(log).toEqual(
      expect.objectContaining({
        status: 'completed',
        triggered_by: 'manual',
        total_urls: 50,
        successful_urls: 40,
        failed_urls: 10,
        outcome_counts: { ...countByOutcome([]), ok: 40, failed: 10 },
      }),
    );
    expect(log?.completed_at).not.toBeNull();
    expect(items.filter((item) => item.type === 'price-record' && item.run_id === log?.id)).toHaveLength(50);
    expect(detail.body.competitorUrl.price_data).toEqual([
      expect.objectContaining({ price: 0.99, currency: 'GBP', in_stock: true }),
    ]);
    expect(broken.body.competitorUrl.price_data).toEqual([expect.objectContaining({ price: null })]);
    const latest = items.find((item) => item.type === 'competitor-url' && item.id === urlIds[1])?.latest;
    expect(latest).toEqual(expect.objectContaining({ run_id: log?.id, price: 1.99, error_message: null }));
    const failedLatest = items.find(
      (item) => item.type === 'competitor-url' && item.id === urlIds[9],
    )?.latest;
    expect(failedLatest).toEqual(
      expect.objectContaining({
        price: null,
        error_message: 'HTTP 500',
        outcome: 'failed',
        message: 'HTTP 500',
      }),
    );
    expect(broken.body.competitorUrl.last_check).toEqual({
      outcome: 'failed',
      message: 'HTTP 500',
      checked_at: (failedLatest as { scraped_at?: string } | undefined)?.scraped_at,
      price: null,
      currency: null,
      in_stock: null,
      consecutive_failures: 1,
    });
  });

  it('counts the run in the 30-day statistics', async () => {
    const { body } = await stack.api('GET /api/scraper/stats', { token });

    expect(body.stats).toEqual({
      scraping_sessions_last_30_days: 1,
      total_scrapes_last_30_days: 50,
      successful_scrapes_last_30_days: 40,
      failed_scrapes_last_30_days: 10,
      success_rate_percentage: 80,
      outcome_counts_last_30_days: { ...countByOutcome([]), ok: 40, failed: 10 },
    });
  });

  it('starts exactly one run for 10 simultaneous starts; the others get 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => stack.api('POST /api/scraper/run', { token, body: {} })),
    );
    await stack.stepFunctions.idle();

    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({
      success: false,
      error: 'A price check is already running',
    });
    expect((await logs()).length).toBe(2);
  });

  it('checks only one product’s URLs for its AI analysis', async () => {
    const started = await stack.api('POST /api/scraper/run/{productId}', {
      token,
      body: {},
      params: { productId: firstProduct.id },
    });
    await stack.stepFunctions.idle();
    const [log] = await logs();

    expect(started.status).toBe(202);
    expect(log).toEqual(
      expect.objectContaining({ status: 'completed', total_urls: 5, product_id: firstProduct.id }),
    );
  });

  it('answers 404 for the AI analysis of a product that does not exist, and 409 to stop when nothing runs', async () => {
    const missing = await stack.api('POST /api/scraper/run/{productId}', {
      token,
      body: {},
      params: { productId: '99999' },
    });
    const stop = await stack.api('POST /api/scraper/stop', { token, body: {} });

    expect(missing.status).toBe(404);
    expect(stop.status).toBe(409);
    expect(stop.body).toEqual({ success: false, error: 'No price check is running' });
  });

  it('refuses a bad logs limit, or one above the shared maximum the web is held to', async () => {
    const { status: code, body } = await stack.api('GET /api/scraper/logs', {
      token,
      query: { limit: 'abc' },
    });
    const over = await stack.api('GET /api/scraper/logs', {
      token,
      query: { limit: `${MAX_SCRAPER_LOGS_LIMIT + 1}` },
    });
    const most = await stack.api('GET /api/scraper/logs', {
      token,
      query: { limit: `${MAX_SCRAPER_LOGS_LIMIT}` },
    });

    expect(code).toBe(400);
    expect(body.error).toContain('limit must be a whole number from 1 to 100');
    expect(over.status).toBe(400);
    expect(over.body.error).toContain(`limit must be a whole number from 1 to ${MAX_SCRAPER_LOGS_LIMIT}`);
    expect(most.status).toBe(200);
  });
});
