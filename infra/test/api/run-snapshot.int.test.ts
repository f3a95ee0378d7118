import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { productPage, startChangingShop } from '../support/changing-shop';
import { skipAhead, skipPastSettle } from '../support/clock';
import { present } from '../support/present';
import { priceOutcome, runningRun } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';

/**
 * After a completed run the lists read the run's snapshot of the URLs it checked, not every URL
 * item (decision 61), and show exactly what reading every URL would.
 */
const shop = await startChangingShop();
const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
afterAll(() => shop.close());

const dashboard = async () => (await stack.api('GET /api/dashboard/products', { token })).body.products;
const urls = async () => (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;

/** What a call costs when the answer is built from kept records: the session (2) and the version. */
const CALL = 3;
/** Listing one kind of this small catalogue: its counter's last id and 4 id-range queries. */
const LIST_BY_ID = 1 + 4;

const version = async () => {
  const { readCatalogueVersion } = await import('@cmp/functions/data/catalogue-version.repository');
  return readCatalogueVersion();
};

/** A run just started, as Prepare writes it; its id. */
async function startedRun(name: string): Promise<string> {
  const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
  const runId = `RUN-${name}-${Date.now()}`;
  await createRun(runningRun(runId));
  return runId;
}

/** A completed run's end naming its snapshot, read when the URLs' version was `base`. */
const endWithSnapshot = async (runId: string, base: number) =>
  (await import('@cmp/functions/data/catalogue-version.repository')).runEndedWithSnapshot({ runId, base });

const settled = skipPastSettle;

async function runAll(): Promise<void> {
  expect((await stack.api('POST /api/scraper/run', { token, body: {} })).status).toBe(202);
  await stack.stepFunctions.idle();
  // The run's end is announced (the alerts read the catalogue): let that be done before counting.
  await stack.eventBus.idle();
}

/** Products each with one URL on the shop, priced `price` there. */
async function addProducts(prefix: string, count: number, price: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: `${prefix}-${i}`, name: `Kettle ${prefix} ${i}`, current_price: 40 },
    });
    const path = `/${prefix}/${i}`;
    shop.pages.set(path, { status: 200, html: productPage(`Kettle ${prefix} ${i}`, price) });
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: 'Shop', url: `${shop.origin}${path}` },
    });
    ids.push(body.product.id);
  }
  return ids;
}

describe('the lists after a completed run', () => {
  it("read the run's snapshot of its URLs, not every URL, and show what reading every URL would", async () => {
    const productIds = await addProducts('SNAP', 3, '30.00');
    await runAll();
    await settled();
    await Promise.all([dashboard(), urls()]);

    // A new price, a jump only the page's data shows (held for review), a refusal (blocked).
    shop.pages.set('/SNAP/0', { status: 200, html: productPage('Kettle SNAP 0', '35.00') });
    shop.pages.set('/SNAP/1', { status: 200, html: productPage('Kettle SNAP 1', '3.00', false) });
    shop.pages.set('/SNAP/2', { status: 403, html: '<h1>Forbidden</h1>' });
    await runAll();
    const afterRun = await stack.countDynamoRequests(dashboard);
    const urlsAfterRun = await stack.countDynamoRequests(urls);
    const fromSnapshot = { dashboard: await dashboard(), urls: await urls() };
    // Every kind moved: the next calls read every record from the table.
    const { catalogueChanged } = await import('@cmp/functions/data/catalogue-version.repository');
    await catalogueChanged();
    await settled();
    const fromTable = { dashboard: await dashboard(), urls: await urls() };

    // The snapshot is one query (its few chunks); products and categories stay as they were kept.
    expect([afterRun, urlsAfterRun]).toEqual([CALL + 1, CALL]);
    expect((await version()).kinds.urls.snapshot).toBeNull();
    expect(fromSnapshot).toEqual(fromTable);
    const rows = fromTable.dashboard.filter((p) => productIds.includes(p.id));
    expect(rows.map((p) => p.price_comparison.lowest_competitor_price)).toEqual([35, 30, 30]);
    expect(rows.map((p) => p.price_comparison.competitor_prices[0]?.last_check?.outcome)).toEqual([
      'ok',
      'review',
      'blocked',
    ]);
  }, 60_000);

  it('read every URL again when the URLs changed between the snapshot and the run’s end', async () => {
    const [productId = 0] = await addProducts('RACE', 1, '20.00');
    await settled();
    await urls();
    const runId = await startedRun('RACE');
    const base = (await version()).kinds.urls.value;

    // A person adds a URL after the snapshot's read, before the run's end.
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: productId, competitor_name: 'Other shop', url: `${shop.origin}/RACE/other` },
    });
    const named = await endWithSnapshot(runId, base);
    const after = await version();
    const listed = await stack.countDynamoRequests(urls);

    expect(named).toBe(false);
    expect(after).toMatchObject({ runActive: false, kinds: { urls: { value: base + 2, snapshot: null } } });
    expect(listed).toBe(CALL + LIST_BY_ID);
    expect((await dashboard()).find((p) => p.id === productId)?.price_comparison.competitor_count).toBe(2);
  }, 60_000);

  it('read every URL when the snapshot the run named is gone', async () => {
    await settled();
    // Read at rest, before the run: only its snapshot could bring these up to date.
    const before = await urls();
    const runId = await startedRun('GONE');

    await endWithSnapshot(runId, (await version()).kinds.urls.value);
    const listed = await stack.countDynamoRequests(urls);

    expect((await version()).kinds.urls.snapshot).toBe(runId);
    // The snapshot's one query finds nothing; then every URL is listed.
    expect(listed).toBe(CALL + 1 + LIST_BY_ID);
    expect(await urls()).toEqual(before);
  }, 60_000);

  it('follow a run while it goes: every RUN_REFRESH_MS they read only the URLs it checked since they last looked, and at its end only its last checks', async () => {
    await addProducts('FOLLOW', 3, '20.00');
    await settled();
    const urlIds = (await urls()).filter((u) => u.url.includes('/FOLLOW/')).map((u) => u.id);
    const before = await version();
    const runId = await startedRun('FOLLOW');
    const during = await version();
    const { RUN_REFRESH_MS } = await import('@cmp/functions/http/catalogue-cache');
    const { getCompetitorUrl } = await import('@cmp/functions/data/competitor-url.repository');
    const { recordResult } = await import('@cmp/functions/scrape-run/record-result');
    // A check of the run, recorded as ScrapeUrl records it.
    const check = async (index: number, price: number) => {
      const url = present(await getCompetitorUrl(present(urlIds[index])));
      await recordResult(runId, url, priceOutcome(price));
    };
    const prices = async () => {
      const listed = await urls();
      return urlIds.map((id) => listed.find((u) => u.id === id)?.last_check?.price ?? null);
    };

    await check(0, 17.5);
    // The run's start moved the answers on: the URLs kept catch up with its checks so far.
    const atStart = await stack.countDynamoRequests(urls);
    const seenAtStart = await prices();
    await check(1, 18.5);
    const withinRefresh = await stack.countDynamoRequests(urls);
    skipAhead(RUN_REFRESH_MS);
    const afterRefresh = await stack.countDynamoRequests(urls);
    const seenAfterRefresh = await prices();
    await check(2, 19.5);
    await endWithSnapshot(runId, during.kinds.urls.value);
    const atEnd = await stack.countDynamoRequests(urls);
    const seenAtEnd = await prices();

    expect(during.kinds.urls.value).toBe(before.kinds.urls.value);
    expect(during).toMatchObject({ value: before.value + 1, runActive: true, runId });
    // The run's checks (one query) and the URLs they name (one batch read); none within
    // RUN_REFRESH_MS; at the end the same, and not the snapshot.
    expect([atStart, withinRefresh, afterRefresh, atEnd]).toEqual([CALL + 2, CALL, CALL + 2, CALL + 2]);
    expect([seenAtStart, seenAfterRefresh, seenAtEnd]).toEqual([
      [17.5, null, null],
      [17.5, 18.5, null],
      [17.5, 18.5, 19.5],
    ]);
  });
});

describe('content stored in chunks', () => {
  it('reads back whole past a 1 MB page, and not at all when a chunk is missing', async () => {
    const { putPacked, readPacked } = await import('@cmp/functions/data/packed-chunks');
    const { db, tableName } = await import('@cmp/functions/data/dynamo');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    // Random bytes do not compress: 1.5 MB are five chunks, more than one query page holds.
    const content = randomBytes(1_500_000);
    const expires = Math.floor(Date.now() / 1000) + 3600;

    const parts = await putPacked('PACKED#test', 'PART#', content, expires);
    const whole = await readPacked('PACKED#test', 'PART#');
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { PK: 'PACKED#test', SK: 'PART#002' } }),
    );
    const partial = await readPacked('PACKED#test', 'PART#');

    expect(parts).toBe(5);
    expect(whole?.equals(content)).toBe(true);
    expect(partial).toBeUndefined();
  });
});

describe('a run’s snapshot written part by part', () => {
  it('reads back as every part’s URLs in order, empty parts and all', async () => {
    const { putUrlSnapshot, readUrlSnapshot } = await import('@cmp/functions/data/url-snapshot.repository');
    const state = (id: number) => ({ id, consecutive_failures: id % 3 });
    async function* parts() {
      yield [state(1), state(2)];
      yield [];
      yield [state(3)];
      yield [state(4), state(5)];
    }

    await putUrlSnapshot('parts-run', parts());

    const snapshot = await readUrlSnapshot('parts-run');
    const states = Array.from({ length: snapshot?.size ?? 0 }, (_, i) => snapshot?.stateAt(i));
    expect(states).toEqual([1, 2, 3, 4, 5].map(state));
  });
});
