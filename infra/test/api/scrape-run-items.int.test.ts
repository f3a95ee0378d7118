import { GetObjectCommand } from '@aws-sdk/client-s3';
import { runItemsKey } from '@cmp/functions/scrape-run/prepare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localS3Client } from '../../local/local-map-items';
import { loopbackHosts, startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * A run's URLs travel through the data bucket (decision 66): Prepare writes them to the S3
 * stand-in, the Map reads them in batches of 3 (MaxConcurrency 3: one child of 3), and Finalize
 * counts from them. 240 URLs on 8 shops, imported as CSV files.
 */
const PRODUCTS = 60;
const URLS_PER_PRODUCT = 4;
const TOTAL = PRODUCTS * URLS_PER_PRODUCT;
const shop = await startFixtureShop({ hosts: loopbackHosts(8), delayMs: 20 });
const { stack, token } = await signedInStack({
  env: { SCRAPER_ALLOW_HOSTS: shop.allowHosts, SCRAPE_MAX_CONCURRENCY: '3' },
});
const s3 = localS3Client(stack.s3.endpoint, 'eu-west-2');
afterAll(async () => {
  s3.destroy();
  await shop.close();
});

const sku = (n: number) => `ITEM-${n}`;
beforeAll(async () => {
  const products = Array.from({ length: PRODUCTS }, (_, n) => `${sku(n)},Item ${n},20`);
  await stack.upload('POST /api/products/import', token, {
    name: 'products.csv',
    content: ['SKU,Product Name,Current Price', ...products].join('\n'),
  });
  const header = ['SKU', ...Array.from({ length: URLS_PER_PRODUCT }, (_, i) => `Shop ${i + 1}`)];
  const rows = Array.from({ length: PRODUCTS }, (_, n) => [
    sku(n),
    ...Array.from({ length: URLS_PER_PRODUCT }, (_, i) => `${shop.originOf(n + i)}/p/${n}-${i}`),
  ]);
  const imported = await stack.upload('POST /api/competitor-urls/import', token, {
    name: 'urls.csv',
    content: [header, ...rows].map((row) => row.join(',')).join('\n'),
  });
  expect(imported.body).toMatchObject({ success: true, imported: TOTAL });
});

const itemLines = async (runId: string) => {
  const object = await s3.send(
    new GetObjectCommand({ Bucket: stack.settings.DATA_BUCKET, Key: runItemsKey(runId) }),
  );
  return ((await object.Body?.transformToString('utf8')) ?? '').split('\n').filter(Boolean);
};
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('a run whose URLs come from the data bucket', () => {
  it('checks every URL once from the items Prepare wrote, the shops in turn, and its figures add up', async () => {
    await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();

    const [log] = await stack.scraperLogs(token);
    const lines = await itemLines(String(log?.id));
    const ids = lines.map((line) => (JSON.parse(line) as { urlId: number }).urlId);
    const { competitorUrls } = (await stack.api('GET /api/competitor-urls', { token })).body;
    const hostOf = new Map(competitorUrls.map((url) => [url.id, new URL(url.url).host]));

    expect(new Set(ids)).toEqual(new Set(competitorUrls.map((url) => url.id)));
    expect(ids).toHaveLength(TOTAL);
    // The shops in turn: the first eight lines are on eight different shops.
    expect(new Set(ids.slice(0, 8).map((id) => hostOf.get(id))).size).toBe(8);
    expect(log).toEqual(
      expect.objectContaining({
        status: 'completed',
        total_urls: TOTAL,
        successful_urls: TOTAL,
        failed_urls: 0,
        not_checked_urls: 0,
      }),
    );
    // One page request per URL: no batch was read twice.
    expect(shop.seen().filter((request) => request.path.startsWith('/p/'))).toHaveLength(TOTAL);
  });

  it('says when it should end while it goes, and stops mid-run with what was and was not checked adding up', async () => {
    await stack.api('POST /api/scraper/run', { token, body: {} });
    await until(async () => (await stack.scraperStatus(token)).current_stats.successful_urls >= 30);
    const asked = Date.now();
    const going = await stack.scraperStatus(token);
    const stopped = await stack.api('POST /api/scraper/stop', { token, body: {} });
    await stack.stepFunctions.idle();

    const [log] = await stack.scraperLogs(token);
    // From the pace so far: 30-odd of 240 checked, so the rest takes some time yet.
    expect(Date.parse(going.estimated_finish_at ?? '')).toBeGreaterThan(asked);
    expect((await stack.scraperStatus(token)).estimated_finish_at).toBeNull();
    expect(stopped.status).toBe(200);
    expect(log?.status).toBe('stopped');
    expect(log?.total_urls).toBe(TOTAL);
    expect((log?.not_checked_urls ?? 0) > 0).toBe(true);
    expect((log?.successful_urls ?? 0) + (log?.failed_urls ?? 0) + (log?.not_checked_urls ?? 0)).toBe(TOTAL);
  });
});
