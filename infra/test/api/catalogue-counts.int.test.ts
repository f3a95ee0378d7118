import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

/** The overview's and the scraper status's totals come from kept counts that stay true. */
const { stack, token } = await signedInStack();

async function totals() {
  const overview = await stack.api('GET /api/dashboard/overview', { token });
  const status = await stack.api('GET /api/scraper/status', { token });
  expect(status.body.status.total_competitor_urls).toBe(overview.body.stats.totalCompetitorUrls);
  return { products: overview.body.stats.totalProducts, urls: overview.body.stats.totalCompetitorUrls };
}

async function addProduct(sku: string, urls: number): Promise<number> {
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku, name: `Product ${sku}`, current_price: 10 },
  });
  for (let i = 0; i < urls; i++)
    await stack.api('POST /api/competitor-urls', {
      token,
      body: {
        product_id: body.product.id,
        competitor_name: 'Shop',
        url: `https://shop.example.com/${sku}/${i}`,
      },
    });
  return body.product.id;
}

describe('catalogue totals', () => {
  it('follow products and competitor URLs as they are added, imported and deleted', async () => {
    expect(await totals()).toEqual({ products: 0, urls: 0 });
    const first = await addProduct('COUNT-1', 2);
    await addProduct('COUNT-2', 1);
    expect(await totals()).toEqual({ products: 2, urls: 3 });

    const csv = 'SKU,Product Name,Current Price\nCOUNT-3,Imported,5\nCOUNT-2,Renamed,6\n';
    const imported = await stack.upload('POST /api/products/import', token, { name: 'p.csv', content: csv });
    expect(imported.status).toBe(200);
    expect(await totals()).toEqual({ products: 3, urls: 3 });

    expect((await stack.api('DELETE /api/products/{id}', { token, params: { id: first } })).status).toBe(200);
    expect(await totals()).toEqual({ products: 2, urls: 1 });
    // A second delete of the same product finds nothing and counts nothing.
    expect((await stack.api('DELETE /api/products/{id}', { token, params: { id: first } })).status).toBe(404);
    expect(await totals()).toEqual({ products: 2, urls: 1 });
  });

  it('are put right by a recount after drifting, and counted afresh when none were kept', async () => {
    const before = await totals();
    const { adjustCount, recount } = await import('@cmp/functions/data/catalogue-counts.repository');
    const { countProductItems } = await import('@cmp/functions/data/product.repository');
    const { countCompetitorUrlItems } = await import('@cmp/functions/data/competitor-url.repository');

    // As if a function died between writing a product and counting it.
    await adjustCount('products', 5);
    expect((await totals()).products).toBe(before.products + 5);
    await recount('products', countProductItems);
    expect(await totals()).toEqual(before);

    // A table from before counts were kept.
    const { db, tableName } = await import('@cmp/functions/data/dynamo');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: 'COUNTS', SK: 'CATALOGUE' } }));
    await addProduct('COUNT-4', 1);
    expect(await totals()).toEqual({ products: before.products + 1, urls: before.urls + 1 });
    expect(await recount('competitor_urls', countCompetitorUrlItems)).toBe(before.urls + 1);
  });

  it('are counted once, not once per caller, when many ask at once and none are kept', async () => {
    const { urls } = await totals();
    const callers = 20;
    const statusCalls = () =>
      Promise.all(Array.from({ length: callers }, () => stack.api('GET /api/scraper/status', { token })));
    const withCount = await stack.countDynamoRequests(statusCalls);
    const { db, tableName } = await import('@cmp/functions/data/dynamo');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: 'COUNTS', SK: 'CATALOGUE' } }));

    let answers: Awaited<ReturnType<typeof statusCalls>> = [];
    const withoutCount = await stack.countDynamoRequests(async () => {
      answers = await statusCalls();
    });

    expect(answers.map((a) => a.body.status.total_competitor_urls)).toEqual(Array(callers).fill(urls));
    // A count costs 3 requests here (read the kept count, count the URLs, keep it). One caller whose
    // read crossed that write may count again; every caller counting (the dashboards polling the
    // status after a deploy, or the load benchmark) would cost 3 × 20 and, at 10,000 products,
    // 10 pages of 1 MB each.
    expect(withoutCount - withCount).toBeLessThanOrEqual(2 * 3);
  });

  it('are settled by each price check of the whole catalogue', async () => {
    const before = await totals();
    const { adjustCount } = await import('@cmp/functions/data/catalogue-counts.repository');
    await adjustCount('competitor_urls', -2);
    expect((await totals()).urls).toBe(before.urls - 2);

    expect((await stack.api('POST /api/scraper/run', { token, body: {} })).status).toBe(202);
    await stack.stepFunctions.idle();
    expect(await totals()).toEqual(before);
  });
});
