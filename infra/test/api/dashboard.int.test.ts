import { countByOutcome, type OutcomeCounts, outcomeOfLegacyCheck } from '@cmp/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { seededEffect } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';

const { stack, token } = await signedInStack();
const RUN = '20261121T090000000Z-seed';

/** A known catalogue: one product per status, one with a price in euros, one hidden. */
beforeAll(async () => {
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const seed = async (
    sku: string,
    price: number,
    seen: [string, number | null, string | null][],
    hidden = false,
  ) => {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku, name: `Product ${sku}`, current_price: price, cost: 10 },
    });
    if (hidden)
      await stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id: body.product.id } });
    for (const [host, competitorPrice, currency] of seen) {
      const url = `https://${host}/${sku}`;
      const added = await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: body.product.id, competitor_name: host, url },
      });
      const observation = {
        run_id: RUN,
        price: competitorPrice,
        currency,
        in_stock: competitorPrice === null ? null : true,
        confidence: competitorPrice === null ? null : 0.95,
        scraped_at: '2026-11-21T09:00:00.000Z',
        error_message: competitorPrice === null ? 'HTTP 404' : null,
        ...outcomeOfLegacyCheck({
          price: competitorPrice,
          error_message: competitorPrice === null ? 'HTTP 404' : null,
        }),
      };
      await recordLatestObservation(added.body.competitorUrl.id, observation, seededEffect(observation));
      await putPriceRecord({
        ...observation,
        competitor_url_id: added.body.competitorUrl.id,
        product_id: body.product.id,
        competitor_name: host,
        competitor_url: url,
        llm_response: `## Analysis for ${host}`,
        evidence: [{ tier: 'json-ld', where: 'script', snippet: 'price' }],
        tier: 'structured',
      });
    }
  };
  await seed('HIGH', 50, [
    ['a.example.com', 45, 'GBP'],
    ['b.example.com', 47.5, 'GBP'],
  ]);
  await seed('LOW', 19, [['a.example.com', 20, 'GBP']]);
  await seed('SAME', 30, [
    ['a.example.com', 30, 'GBP'],
    ['b.example.com', null, null],
  ]);
  await seed('NONE', 12, [['a.example.com', null, null]]);
  await seed('EURO', 40, [
    ['eu.example.com', 20, 'EUR'],
    ['a.example.com', 42, 'GBP'],
  ]);
  await seed('HIDDEN', 99, [['a.example.com', 1, 'GBP']], true);
  await seed('LONELY', 5, []);
});

const dashboard = async () => (await stack.api('GET /api/dashboard/products', { token })).body;

describe('GET /api/dashboard/products', () => {
  it('compares each visible product with its cheapest competitor', async () => {
    const { success, products } = await dashboard();
    const bySku = Object.fromEntries(products.map((p) => [p.sku, p]));

    expect(success).toBe(true);
    expect(Object.keys(bySku).sort()).toEqual(['EURO', 'HIGH', 'LONELY', 'LOW', 'NONE', 'SAME']);
    expect(bySku.HIGH?.price_comparison).toEqual(
      expect.objectContaining({
        status: 'HIGHER',
        price_difference: 5,
        price_difference_percentage: 11.11,
        lowest_competitor_price: 45,
        competitor_count: 2,
        competitors_with_data: 2,
      }),
    );
    expect(bySku.HIGH?.bestCompetitor).toEqual({
      url: 'https://a.example.com/HIGH',
      competitor_name: 'a.example.com',
    });
    expect(bySku.LOW?.price_comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', price_difference: -1, price_difference_percentage: -5 }),
    );
    expect(bySku.SAME?.price_comparison).toEqual(
      expect.objectContaining({
        status: 'SAME',
        price_difference: 0,
        competitors_with_data: 1,
        competitor_count: 2,
      }),
    );
    expect(bySku.NONE?.price_comparison).toEqual(
      expect.objectContaining({ status: 'NO_DATA', lowest_competitor_price: null, competitors_with_data: 0 }),
    );
    expect(bySku.NONE?.bestCompetitor).toBeNull();
    expect(bySku.LONELY?.price_comparison).toEqual(
      expect.objectContaining({ status: 'NO_DATA', competitor_count: 0 }),
    );
  });

  it('shows a price in another currency but compares only prices in the shop’s currency', async () => {
    const euro = (await dashboard()).products.find((p) => p.sku === 'EURO');

    expect(euro?.price_comparison).toEqual(
      expect.objectContaining({ status: 'LOWER', lowest_competitor_price: 42 }),
    );
    expect(euro?.price_comparison.competitor_prices).toEqual([
      expect.objectContaining({ competitor_name: 'eu.example.com', price: 20, currency_mismatch: true }),
      expect.objectContaining({ competitor_name: 'a.example.com', price: 42, currency_mismatch: false }),
    ]);
  });
});

describe('GET /api/dashboard/overview', () => {
  it('counts products and competitor URLs (hidden ones included)', async () => {
    const { body } = await stack.api('GET /api/dashboard/overview', { token });

    expect(body).toEqual({
      success: true,
      stats: {
        totalProducts: 7,
        totalCompetitorUrls: 9,
        lastScrapingTime: null,
        scrapingSuccessRate: 0,
        recentScrapingAttempts: 0,
        undercutSinceLastRun: 0,
      },
    });
  });

  it('rates the URL checks of the runs of the last 30 days and shows when the latest ended', async () => {
    const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
    const { newRunId } = await import('@cmp/functions/scrape-run/run-id');
    const daysAgo = (days: number, minutes = 0) =>
      new Date(Date.now() - days * 86_400_000 + minutes * 60_000).toISOString();
    const run = async (
      startedAt: string,
      completedAt: string | null,
      successful: number,
      failed: number,
      outcomes?: Partial<OutcomeCounts>,
    ) =>
      createRun({
        run_id: newRunId(startedAt),
        status: completedAt ? 'completed' : 'running',
        triggered_by: 'manual',
        started_at: startedAt,
        completed_at: completedAt,
        total_urls: successful + failed,
        successful_urls: successful,
        failed_urls: failed,
        product_id: null,
        execution_arn: null,
        error_message: null,
        ...(outcomes ? { outcome_counts: { ...countByOutcome([]), ...outcomes } } : {}),
      });
    // Outside the window: its 100 failures must not count.
    await run(daysAgo(31), daysAgo(31, 5), 0, 100);
    await run(daysAgo(2), daysAgo(2, 3), 8, 2, { ok: 8, blocked: 1, failed: 1 });
    const latestEnd = daysAgo(1, 4);
    await run(daysAgo(1), latestEnd, 4, 6, { ok: 4, review: 2, failed: 4 });

    const overview = await stack.api('GET /api/dashboard/overview', { token });
    const scraper = await stack.api('GET /api/scraper/stats', { token });

    // 12 of the 20 recent checks found a price.
    expect(overview.body.stats).toEqual(
      expect.objectContaining({
        lastScrapingTime: latestEnd,
        scrapingSuccessRate: 60,
        recentScrapingAttempts: 20,
      }),
    );
    expect(scraper.body.stats).toEqual({
      scraping_sessions_last_30_days: 2,
      total_scrapes_last_30_days: 20,
      successful_scrapes_last_30_days: 12,
      failed_scrapes_last_30_days: 8,
      success_rate_percentage: 60,
      // Blocked and held-for-review checks apart from other failures.
      outcome_counts_last_30_days: { ...countByOutcome([]), ok: 12, blocked: 1, review: 2, failed: 5 },
    });

    // A run still going counts by its start time.
    const startedNow = new Date().toISOString();
    await run(startedNow, null, 1, 0);
    const running = await stack.api('GET /api/dashboard/overview', { token });
    expect(running.body.stats).toEqual(
      expect.objectContaining({ lastScrapingTime: startedNow, recentScrapingAttempts: 21 }),
    );
  });
});

describe('GET /api/dashboard/products/{id}/ai-analysis', () => {
  it('gives the latest analysis of a product with its markdown and evidence, or null without one', async () => {
    const { products } = await dashboard();
    const high = products.find((p) => p.sku === 'HIGH');
    const lonely = products.find((p) => p.sku === 'LONELY');

    const analysis = await stack.api('GET /api/dashboard/products/{id}/ai-analysis', {
      token,
      params: { id: present(high).id },
    });
    const none = await stack.api('GET /api/dashboard/products/{id}/ai-analysis', {
      token,
      params: { id: present(lonely).id },
    });

    expect(analysis.body.analysis).toEqual(
      expect.objectContaining({
        price: expect.any(Number),
        llm_response: expect.stringMatching(/^## Analysis for/),
        evidence: [expect.objectContaining({ tier: 'json-ld' })],
      }),
    );
    expect(none.body).toEqual({ success: true, analysis: null });
  });
});

// Last: it grows the catalogue the tests above count.
describe('what GET /api/dashboard/products costs', () => {
  it('makes the same number of DynamoDB requests for 60 products as for 7, and compresses for gzip clients', async () => {
    // A change of every kind first, so each call lists them all (kept records would be read from memory).
    const { catalogueChanged } = await import('@cmp/functions/data/catalogue-version.repository');
    const cost = async () => {
      await catalogueChanged();
      return stack.countDynamoRequests(() => stack.api('GET /api/dashboard/products', { token }));
    };
    const small = await cost();
    const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
    for (let i = 0; i < 53; i++) {
      const { body } = await stack.api('POST /api/products', {
        token,
        body: { sku: `BULK-${i}`, name: `Bulk product ${i}`, current_price: 10 },
      });
      const added = await stack.api('POST /api/competitor-urls', {
        token,
        body: {
          product_id: body.product.id,
          competitor_name: 'Shop',
          url: `https://shop.example.com/p/${i}`,
        },
      });
      const observation = {
        run_id: RUN,
        price: 9 + (i % 3),
        currency: 'GBP',
        in_stock: true,
        confidence: 0.9,
        scraped_at: '2026-11-21T09:00:00.000Z',
        error_message: null,
        outcome: 'ok' as const,
        message: 'Price found',
      };
      await recordLatestObservation(added.body.competitorUrl.id, observation, seededEffect(observation));
    }

    const { products } = await dashboard();
    const large = await cost();
    const raw = await fetch(`${stack.url}/api/dashboard/products`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });

    expect(products).toHaveLength(59);
    expect(large).toBe(small);
    // Session check (2), the catalogue version, the categories, then products and competitor URLs:
    // each the counter's last id and 4 id ranges read at once (one page each here).
    expect(small).toBe(14);
    expect(raw.headers.get('content-encoding')).toBe('gzip');
  });
});
