import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDynamo } from '../../local/dynamo-local';
import { LOCAL_TABLE_NAME } from '../../local/local-env';
import { runToEnd } from '../support/processes';
import { startTestStack, type TestStack } from '../support/test-stack';

let dataDir: string;
let stack: TestStack;
let token: string;

/**
 * Stores a SKU claim as the table holds one, for a product that may not carry it: what racing
 * renames left before product writes were versioned. Without `claimedAt`, as claims were then.
 */
async function putSkuClaim(endpoint: string, sku: string, ownerId: number, claimedAt?: string) {
  await putItem(endpoint, {
    PK: `PRODUCT_SKU#${sku}`,
    SK: 'UNIQUE',
    owner_id: ownerId,
    ...(claimedAt ? { claimed_at: claimedAt } : {}),
  });
}

/** A competitor URL's claim as releases before decision 60 stored it: an item of its own. */
const putOldUrlClaim = (endpoint: string, productId: number, url: string, ownerId: number) =>
  putItem(endpoint, {
    PK: `PRODUCT_URL#${productId}#${createHash('sha256').update(new URL(url).href).digest('hex')}`,
    SK: 'UNIQUE',
    owner_id: ownerId,
  });

async function putItem(endpoint: string, Item: Record<string, unknown>) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
  await client.send(new PutCommand({ TableName: LOCAL_TABLE_NAME, Item }));
  client.destroy();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cmp-repair-claims-'));
  const earlier = await startLocalDynamo({ path: join(dataDir, 'dynamodb'), tableName: LOCAL_TABLE_NAME });
  await putSkuClaim(earlier.endpoint, 'AT-START', 4242);
  // The first product made below (URL-OLD) gets id 1.
  await putOldUrlClaim(earlier.endpoint, 1, 'https://old.example.com/p', 1);
  await earlier.close();
  stack = await startTestStack({ dataDir });
  token = await stack.login();
});
afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const create = (sku: string) =>
  stack.api('POST /api/products', { token, body: { sku, name: sku, current_price: 1 } });

/** Runs `npm run repair:claims` as an engineer would, against the running stack's data directory. */
const repairClaims = () =>
  runToEnd('infra/scripts/repair-claims.ts', [], { DATA_DIR: dataDir, TABLE_NAME: '' });

describe('competitor URL claims of the earlier design (one item per URL)', () => {
  it('are moved into their product’s set when the local stack starts, and still refuse their URL', async () => {
    // The first product made: the claim put before the start names id 1.
    const { body } = await create('URL-OLD');
    const product = body.product.id;
    const again = await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product, competitor_name: 'Old', url: 'https://OLD.example.com/p' },
    });
    const other = await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: product, competitor_name: 'New', url: 'https://old.example.com/q' },
    });
    const items = await stack.scanTable();

    expect(product).toBe(1);
    expect(again.status).toBe(409);
    expect(other.status).toBe(201);
    expect(items.filter((item) => String(item.PK).startsWith('PRODUCT_URL#'))).toEqual([]);
  });
});

describe('stray SKU claims', () => {
  it('are released when the local stack starts, so their SKU can be created', async () => {
    const created = await create('AT-START');

    expect(created.status).toBe(201);
  });

  it('are released by npm run repair:claims, which keeps the claims products hold and the ones just made', async () => {
    const kept = await create('KEEP-1');
    const moved = await create('MOVED-NEW');
    await putSkuClaim(stack.dynamo.endpoint, 'GHOST-1', 987_654);
    await putSkuClaim(stack.dynamo.endpoint, 'MOVED-OLD', moved.body.product.id);
    await putSkuClaim(stack.dynamo.endpoint, 'YOUNG-1', 987_655, new Date().toISOString());
    const blocked = await create('GHOST-1');

    const first = await repairClaims();
    const second = await repairClaims();
    const after = await Promise.all(['GHOST-1', 'MOVED-OLD', 'KEEP-1', 'MOVED-NEW', 'YOUNG-1'].map(create));

    expect(kept.status).toBe(201);
    expect(blocked.status).toBe(409);
    expect(first.code).toBe(0);
    expect(first.output).toMatch(
      /Released 2 stray SKU claim\(s\) in the running local stack .*: (GHOST-1, MOVED-OLD|MOVED-OLD, GHOST-1)/,
    );
    expect(second.output).toContain('No stray SKU claims');
    expect(after.map((a) => a.status)).toEqual([201, 201, 409, 409, 409]);
  });
});

describe('stray category name claims', () => {
  const createCategory = (name: string) =>
    stack.api('POST /api/categories', { token, body: { name, description: null } });

  it('are released by npm run repair:claims, which keeps the names categories carry and the ones just claimed', async () => {
    const kept = await createCategory('Garden');
    await putItem(stack.dynamo.endpoint, { PK: 'CATEGORY_NAME#ghost', SK: 'UNIQUE', owner_id: 987_656 });
    await putItem(stack.dynamo.endpoint, {
      PK: 'CATEGORY_NAME#young',
      SK: 'UNIQUE',
      owner_id: 987_657,
      claimed_at: new Date().toISOString(),
    });
    const blocked = await createCategory('Ghost');

    const repair = await repairClaims();
    const after = await Promise.all(['Ghost', 'Garden', 'Young'].map(createCategory));

    expect(kept.status).toBe(201);
    expect(blocked.status).toBe(409);
    expect(repair.output).toContain('Released 1 category name claim(s) no category holds: ghost');
    expect(after.map((a) => a.status)).toEqual([201, 409, 409]);
  });
});

describe('stray competitor URL claims (a URL write cut off after its claim)', () => {
  const LONG_AGO = '2026-01-01T00:00:00.000Z';
  const keyOf = (url: string) => createHash('sha256').update(new URL(url).href).digest('hex');
  /** A product's set of URL claims as the table holds it; without `claimedAt`, as sets were first kept. */
  const putUrlClaims = (productId: number, urls: string[], claimedAt?: string) =>
    putItem(stack.dynamo.endpoint, {
      PK: `PRODUCT_URL_KEYS#${productId}`,
      SK: 'UNIQUE',
      url_keys: new Set(urls.map(keyOf)),
      ...(claimedAt ? { claimed_at: claimedAt } : {}),
    });
  const addUrl = (productId: number, url: string) =>
    stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: productId, competitor_name: 'Shop', url },
    });

  it('are released by npm run repair:claims, which keeps the URLs products hold and sets claimed from lately', async () => {
    const created = await Promise.all(['URLS-OLD', 'URLS-UNSTAMPED', 'URLS-YOUNG'].map(create));
    const ids = created.map(({ body }) => body.product.id);
    const [oldId, unstampedId, youngId] = ids as [number, number, number];
    const held = 'https://shop.example.com/held';
    const stray = 'https://shop.example.com/cut-off';
    await addUrl(oldId, held);
    await putUrlClaims(oldId, [held, stray], LONG_AGO);
    await putUrlClaims(unstampedId, [stray]);
    await putUrlClaims(youngId, [stray], new Date().toISOString());
    const blocked = await Promise.all(ids.map((id) => addUrl(id, stray)));

    const first = await repairClaims();
    const second = await repairClaims();
    const after = await Promise.all([...ids.map((id) => addUrl(id, stray)), addUrl(oldId, held)]);

    expect(blocked.map((b) => b.status)).toEqual([409, 409, 409]);
    expect(first.code).toBe(0);
    expect(first.output).toContain('Released 2 competitor URL claim(s) no URL holds.');
    expect(second.output).not.toContain('competitor URL claim(s) no URL holds');
    expect(after.map((a) => a.status)).toEqual([201, 201, 409, 409]);
  });

  it('are kept when the product claims a URL while the repair looks', async () => {
    const { releaseUrlKeysUnlessClaimedSince, claimUrls } = await import('@cmp/functions/data/url-claims');
    const { body } = await create('URLS-RACE');
    const setOf = async () =>
      (await stack.scanTable()).find((item) => item.PK === `PRODUCT_URL_KEYS#${body.product.id}`);
    const stray = 'https://shop.example.com/race-cut-off';
    await putUrlClaims(body.product.id, [stray], LONG_AGO);

    // The repair saw the set claimed LONG_AGO; the product then claims another URL.
    const claimed = await claimUrls(body.product.id, ['https://shop.example.com/race-new']);
    const releasedAfterClaim = await releaseUrlKeysUnlessClaimedSince(
      body.product.id,
      [keyOf(stray)],
      LONG_AGO,
    );
    const claimedAt = String((await setOf())?.claimed_at);
    const releasedUnchanged = await releaseUrlKeysUnlessClaimedSince(
      body.product.id,
      [keyOf(stray)],
      claimedAt,
    );

    expect(claimed).toBe('claimed');
    expect(releasedAfterClaim).toBe(false);
    expect(releasedUnchanged).toBe(true);
    expect((await setOf())?.url_keys).toEqual(new Set([keyOf('https://shop.example.com/race-new')]));
  });
});
