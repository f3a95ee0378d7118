import { countByOutcome } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { skipPastSettle } from '../support/clock';
import { runningRun } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';

/** The whole-catalogue lists are kept until the catalogue changes, and every change is seen. */
const { stack, token } = await signedInStack();

const LISTS = ['/api/dashboard/products', '/api/products', '/api/competitor-urls'];

async function version(): Promise<number> {
  const { readCatalogueVersion } = await import('@cmp/functions/data/catalogue-version.repository');
  return (await readCatalogueVersion()).value;
}

/** Runs `write` and says whether it moved the catalogue version on. */
async function moves(write: () => Promise<{ status: number } | undefined>): Promise<boolean> {
  const before = await version();
  const answer = await write();
  if (answer) expect(answer.status).toBeLessThan(300);
  return (await version()) > before;
}

describe('the whole-catalogue lists', () => {
  it('answer from memory until the catalogue changes, and show the change at once', async () => {
    const { body } = await stack.api('POST /api/products', {
      token,
      body: { sku: 'CACHE-1', name: 'Cached kettle', current_price: 20 },
    });
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: body.product.id, competitor_name: 'Shop', url: 'https://shop.example.com/k' },
    });
    // An answer built right after a change is not kept (indexes may lag on AWS); let that time pass.
    await skipPastSettle();

    const built: number[] = [];
    const kept: number[] = [];
    const first: unknown[] = [];
    const again: unknown[] = [];
    for (const path of LISTS) {
      built.push(await stack.countDynamoRequests(() => stack.send('GET', path, { token })));
      first.push((await stack.send('GET', path, { token })).body);
      kept.push(await stack.countDynamoRequests(() => stack.send('GET', path, { token })));
      again.push((await stack.send('GET', path, { token })).body);
    }
    await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'CACHE-1', name: 'Renamed kettle', current_price: 21 },
      params: { id: body.product.id },
    });
    const after = await stack.api('GET /api/dashboard/products', { token });
    const urls = await stack.api('GET /api/competitor-urls', { token });

    // The first list reads the records; the others are built from the ones it read (decision 58).
    expect(built[0]).toBeGreaterThan(kept[0] ?? 0);
    // What is left: the session check (session and user) and the catalogue version.
    expect(kept).toEqual([3, 3, 3]);
    expect(again).toEqual(first);
    expect(after.body.products.find((p) => p.sku === 'CACHE-1')).toMatchObject({
      name: 'Renamed kettle',
      current_price: 21,
    });
    expect(urls.body.competitorUrls[0]?.product.name).toBe('Renamed kettle');
  }, 30_000);

  it('are built once for callers that ask at the same time', async () => {
    const { catalogueChanged } = await import('@cmp/functions/data/catalogue-version.repository');
    const settled = async () => {
      await catalogueChanged();
      await skipPastSettle();
    };
    const list = () => stack.api('GET /api/dashboard/products', { token });

    await settled();
    const one = await stack.countDynamoRequests(list);
    await settled();
    const five = await stack.countDynamoRequests(() => Promise.all([list(), list(), list(), list(), list()]));

    // Each call checks its session (2 reads) and the version; the lists are queried once for all five.
    expect(five).toBe(5 * 3 + (one - 3));
  }, 30_000);

  it('are told of every change they show', async () => {
    const created = await stack.api('POST /api/products', {
      token,
      body: { sku: 'CACHE-2', name: 'Toaster', current_price: 30 },
    });
    const productId = created.body.product.id;
    let categoryId = 0;
    let urlId = 0;

    const changes = {
      'create a category': await moves(async () => {
        const answer = await stack.api('POST /api/categories', { token, body: { name: 'Cached things' } });
        categoryId = answer.body.category.id;
        return answer;
      }),
      'edit a product': await moves(() =>
        stack.api('PUT /api/products/{id}', {
          token,
          body: { sku: 'CACHE-2', name: 'Toaster', current_price: 31, category_id: categoryId },
          params: { id: productId },
        }),
      ),
      'rename a category': await moves(() =>
        stack.api('PUT /api/categories/{id}', {
          token,
          body: { name: 'Cached stuff' },
          params: { id: categoryId },
        }),
      ),
      'hide a product': await moves(() =>
        stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id: productId } }),
      ),
      'add a competitor URL': await moves(async () => {
        const answer = await stack.api('POST /api/competitor-urls', {
          token,
          body: { product_id: productId, competitor_name: 'Shop', url: 'https://shop.example.com/t' },
        });
        urlId = answer.body.competitorUrl.id;
        return answer;
      }),
      'edit a competitor URL': await moves(() =>
        stack.api('PUT /api/competitor-urls/{id}', {
          token,
          body: { product_id: productId, competitor_name: 'Shop 2', url: 'https://shop.example.com/t2' },
          params: { id: urlId },
        }),
      ),
      'import products': await moves(() =>
        stack.upload('POST /api/products/import', token, {
          name: 'p.csv',
          content: 'SKU,Product Name,Current Price\nCACHE-3,Imported,5\n',
        }),
      ),
      'delete a competitor URL': await moves(() =>
        stack.api('DELETE /api/competitor-urls/{id}', { token, params: { id: urlId } }),
      ),
      'delete a category': await moves(() =>
        stack.api('DELETE /api/categories/{id}', { token, params: { id: categoryId } }),
      ),
      'delete a product': await moves(() =>
        stack.api('DELETE /api/products/{id}', { token, params: { id: productId } }),
      ),
    };

    expect(Object.entries(changes).filter(([, moved]) => !moved)).toEqual([]);
  });

  it('follow a price check: while it runs an answer is kept for a few seconds only, and a new one comes when it ends', async () => {
    const { cachedResponse, RUN_REFRESH_MS, SETTLE_MS } = await import('@cmp/functions/http/catalogue-cache');
    const { readCatalogueVersion } = await import('@cmp/functions/data/catalogue-version.repository');
    const { createRun, endRun } = await import('@cmp/functions/data/scrape-run.repository');
    const before = await readCatalogueVersion();
    const runId = `RUN-CACHE-${Date.now()}`;
    await createRun(runningRun(runId));
    const during = await readCatalogueVersion();
    // The real cache over the real catalogue version, with a clock the test moves.
    let builds = 0;
    const build = async () => ({ body: { success: true, build: ++builds } });
    const answerAt = async (ms: number) => {
      const response = await cachedResponse(
        'run-test',
        undefined,
        build,
        () => during.changedAt + SETTLE_MS + ms,
      );
      return JSON.parse(String(response.body)).build as number;
    };

    const seen = [await answerAt(0), await answerAt(RUN_REFRESH_MS - 1), await answerAt(RUN_REFRESH_MS)];
    await endRun(runId, {
      status: 'completed',
      completed_at: new Date().toISOString(),
      total_urls: 0,
      successful_urls: 0,
      failed_urls: 0,
      outcome_counts: countByOutcome([]),
      llm: null,
    });
    const after = await readCatalogueVersion();
    seen.push(await answerAt(RUN_REFRESH_MS + 1), await answerAt(10 * RUN_REFRESH_MS));

    expect(during).toMatchObject({ value: before.value + 1, runActive: true });
    expect(after).toMatchObject({ value: before.value + 2, runActive: false });
    // Kept within RUN_REFRESH_MS during the run, built again after it, then kept while at rest.
    expect(seen).toEqual([1, 1, 2, 3, 3]);
  });

  it('are not kept when built right after a change, since indexes may still lag', async () => {
    const { catalogueChanged } = await import('@cmp/functions/data/catalogue-version.repository');
    await catalogueChanged();
    const list = () => stack.api('GET /api/dashboard/products', { token });
    await list();

    // Built again, not answered from memory (which costs the session check and the version alone).
    expect(await stack.countDynamoRequests(list)).toBeGreaterThan(3);
  });
});
