import type { CheckOutcome, Product, RequestBody } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../functions/src/catalogue/csv/csv-parse';
import { seededEffect } from '../support/run-records';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The CSV exports (docs/api.md#exports) on the local stack: the dashboard table with its filters,
 * the competitor URLs with their last check, a product's price history. Every answer also passes
 * the contract check (a CSV route must answer text/csv, its errors JSON).
 */
const { stack, token } = await signedInStack();

const DAY_1 = { run: '20261120T090000000Z-one', at: '2026-11-20T09:00:00.000Z' };
const DAY_2 = { run: '20261121T090000000Z-two', at: '2026-11-21T09:00:00.000Z' };

async function addProduct(fields: RequestBody<'POST /api/products'>): Promise<Product> {
  const { status, body } = await stack.api('POST /api/products', { token, body: fields });
  if (status !== 201) throw new Error(`adding ${String(fields.sku)} answered ${status}`);
  return body.product;
}

/** A competitor URL whose checks (oldest first) are recorded as a run records them. */
async function addUrl(
  product: Product,
  name: string,
  url: string,
  checks: { day: typeof DAY_1; price: number | null }[],
) {
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const added = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.id, competitor_name: name, url },
  });
  const id = added.body.competitorUrl.id;
  for (const { day, price } of checks) {
    const outcome: CheckOutcome =
      price === null
        ? {
            price,
            currency: null,
            in_stock: null,
            confidence: null,
            scraped_at: day.at,
            error_message: 'HTTP 404',
            outcome: 'failed',
            message: 'HTTP 404',
          }
        : {
            price,
            currency: 'GBP',
            in_stock: true,
            confidence: 0.95,
            scraped_at: day.at,
            error_message: null,
            outcome: 'ok',
            message: 'Price found',
          };
    await recordLatestObservation(id, { ...outcome, run_id: day.run }, seededEffect(outcome));
    await putPriceRecord({
      ...outcome,
      run_id: day.run,
      competitor_url_id: id,
      product_id: product.id,
      competitor_name: name,
      competitor_url: url,
      llm_response: null,
    });
  }
  return id;
}

const kitchen = (
  await stack.api('POST /api/categories', { token, body: { name: 'Kitchen', description: null } })
).body.category;
const kettle = await addProduct({
  sku: 'K-1',
  name: 'Kettle, 1.7L "Steel"',
  current_price: 50,
  cost: 40,
  category_id: kitchen.id,
});
const toaster = await addProduct({ sku: 'T-2', name: 'Toaster', current_price: 19, cost: 10 });
await addProduct({ sku: 'M-3', name: '=HYPERLINK("http://evil.example")', current_price: 5 });
await addUrl(kettle, 'Argos', 'https://www.argos.example/kettle', [
  { day: DAY_1, price: 47.5 },
  { day: DAY_2, price: 44.99 },
]);
await addUrl(kettle, 'Currys', 'https://www.currys.example/kettle', [
  { day: DAY_1, price: 48 },
  { day: DAY_2, price: null },
]);
await addUrl(toaster, '@Shop', 'https://shop.example/toaster', [{ day: DAY_2, price: 19.99 }]);

const today = () => new Date().toISOString().slice(0, 10);

/** GET a CSV route: the answer, with the file's records (header first) when it is one. */
async function download(path: string, authToken: string | undefined = token) {
  const answer = await stack.send<string>('GET', path, authToken ? { token: authToken } : {});
  const records = typeof answer.body === 'string' ? parseCsv(answer.body.replace(/^\uFEFF/, '')) : [];
  return { ...answer, records, rows: records.slice(1) };
}

const column = (records: string[][], header: string) => {
  const at = records[0]?.indexOf(header) ?? -1;
  if (at < 0) throw new Error(`No column ${header}`);
  return records.slice(1).map((record) => record[at]);
};

describe('GET /api/dashboard/export.csv', () => {
  it('downloads the comparison table as a dated UTF-8 CSV with a BOM, CRLF line ends and RFC 4180 quoting', async () => {
    const { status, headers, body, records } = await download('/api/dashboard/export.csv');

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(`attachment; filename="dashboard-${today()}.csv"`);
    expect(body.startsWith('\uFEFFSKU,Name,Category,')).toBe(true);
    expect(body.split('\r\n')).toHaveLength(5);
    expect(body).toContain(
      `\r\nK-1,"Kettle, 1.7L ""Steel""",Kitchen,50,40,10,25,44.99,Argos,HIGHER,5.01,11.14,2,${DAY_2.at},,,\r\n`,
    );
    expect(records[0]).toEqual([
      'SKU',
      'Name',
      'Category',
      'Our price',
      'Cost',
      'Margin',
      'Margin %',
      'Lowest competitor price',
      'Best competitor',
      'Status',
      'Difference',
      'Difference %',
      'Competitors with data',
      'Last checked',
      'Lowest competitor original price',
      'Lowest competitor conversion',
      'Lowest competitor shipping',
    ]);
  });

  it('writes a negative difference as a number and neutralises text that would run as a formula', async () => {
    const { records } = await download('/api/dashboard/export.csv');

    expect(column(records, 'SKU')).toEqual(['K-1', 'T-2', 'M-3']);
    expect(column(records, 'Difference')).toEqual(['5.01', '-0.99', '']);
    expect(column(records, 'Best competitor')).toEqual(['Argos', "'@Shop", '']);
    expect(column(records, 'Name')[2]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(column(records, 'Margin %')).toEqual(['25', '90', '']);
    expect(column(records, 'Status')).toEqual(['HIGHER', 'LOWER', 'NO_DATA']);
  });

  it('keeps the rows the dashboard filters keep: status, category, no category, search', async () => {
    const skus = async (query: string) =>
      column((await download(`/api/dashboard/export.csv?${query}`)).records, 'SKU');

    expect(await skus('status=HIGHER')).toEqual(['K-1']);
    expect(await skus('status=NO_DATA')).toEqual(['M-3']);
    expect(await skus(`category_id=${kitchen.id}`)).toEqual(['K-1']);
    expect(await skus('category_id=none')).toEqual(['T-2', 'M-3']);
    expect(await skus('search=KETTLE%20steel')).toEqual(['K-1']);
    expect(await skus('search=toaster&status=HIGHER')).toEqual([]);
  });

  it('refuses an unknown status or category with 400 and says what is allowed', async () => {
    const status = await stack.send('GET', '/api/dashboard/export.csv?status=cheaper', { token });
    const category = await stack.api('GET /api/dashboard/export.csv', {
      token,
      query: { category_id: 'kitchen' },
    });

    expect(status.status).toBe(400);
    expect(status.body).toEqual({ success: false, error: 'status must be LOWER, HIGHER, SAME or NO_DATA' });
    expect(category.status).toBe(400);
    expect(category.body.error).toBe("category_id must be a category id or 'none' (no category)");
  });
});

describe('GET /api/competitor-urls/export.csv', () => {
  it('downloads every URL with its product, its last check and its accepted price (not taken for URL id "export.csv")', async () => {
    const { status, headers, records } = await download('/api/competitor-urls/export.csv');

    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="competitor-urls-${today()}.csv"`);
    expect(records[0]).toEqual([
      'SKU',
      'Product',
      'Competitor',
      'URL',
      'Last check outcome',
      'Last check message',
      'Last checked at',
      'Last check price',
      'Last check currency',
      'In stock',
      'Consecutive failures',
      'Accepted price',
      'Accepted price currency',
    ]);
    expect(records.slice(1)).toEqual([
      [
        'K-1',
        'Kettle, 1.7L "Steel"',
        'Argos',
        'https://www.argos.example/kettle',
        'ok',
        'Price found',
        DAY_2.at,
        '44.99',
        'GBP',
        'yes',
        '0',
        '44.99',
        'GBP',
      ],
      [
        'K-1',
        'Kettle, 1.7L "Steel"',
        'Currys',
        'https://www.currys.example/kettle',
        'failed',
        'HTTP 404',
        DAY_2.at,
        '',
        '',
        '',
        '1',
        '48',
        'GBP',
      ],
      [
        'T-2',
        'Toaster',
        "'@Shop",
        'https://shop.example/toaster',
        'ok',
        'Price found',
        DAY_2.at,
        '19.99',
        'GBP',
        'yes',
        '0',
        '19.99',
        'GBP',
      ],
    ]);
  });
});

describe('GET /api/products/{id}/price-history.csv', () => {
  it("downloads every check of the product's URLs, newest first, named after its SKU", async () => {
    const { status, headers, records } = await download(`/api/products/${kettle.id}/price-history.csv`);

    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="price-history-K-1-${today()}.csv"`,
    );
    expect(records[0]).toEqual([
      'Checked at',
      'Competitor',
      'URL',
      'Price',
      'Currency',
      'In stock',
      'Confidence',
      'Outcome',
      'Message',
      'Old price',
      'Changed by',
    ]);
    expect(records.slice(1).map((r) => [r[0], r[1], r[3], r[7]])).toEqual([
      [DAY_2.at, 'Argos', '44.99', 'ok'],
      [DAY_2.at, 'Currys', '', 'failed'],
      [DAY_1.at, 'Argos', '47.5', 'ok'],
      [DAY_1.at, 'Currys', '48', 'ok'],
    ]);
  });

  it('puts every change of our price on the same time line, with its old price and who changed it', async () => {
    const scales = await addProduct({ sku: 'S-4', name: 'Scales', current_price: 30, cost: 12 });
    await addUrl(scales, 'Argos', 'https://www.argos.example/scales', [{ day: DAY_1, price: 29 }]);
    await stack.api('PUT /api/products/{id}', {
      token,
      params: { id: scales.id },
      body: { sku: scales.sku, name: scales.name, current_price: 28.5, cost: 12 },
    });
    const { records } = await download(`/api/products/${scales.id}/price-history.csv`);

    expect(records.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[7], r[9], r[10]])).toEqual([
      // The admin signed in is the stack's first user.
      ['Our price', '', '28.5', 'GBP', '', '30', 'user:1'],
      ['Argos', 'https://www.argos.example/scales', '29', 'GBP', 'ok', '', ''],
    ]);
    expect(Date.parse(records[1]?.[0] ?? '')).toBeGreaterThan(Date.parse(DAY_1.at));
  });

  it('answers 404 for an unknown product and 400 for an id that is not one', async () => {
    const unknown = await stack.api('GET /api/products/{id}/price-history.csv', {
      token,
      params: { id: '99999' },
    });
    const invalid = await stack.api('GET /api/products/{id}/price-history.csv', {
      token,
      params: { id: 'abc' },
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Product 99999 not found' });
    expect(invalid.status).toBe(400);
  });
});

describe('every export', () => {
  it('needs a signed-in session', async () => {
    for (const path of [
      '/api/dashboard/export.csv',
      '/api/competitor-urls/export.csv',
      `/api/products/${kettle.id}/price-history.csv`,
    ]) {
      const { status, body } = await stack.send('GET', path);
      expect([path, status, body.success]).toEqual([path, 401, false]);
    }
  });
});

describe('an export right after an edit', () => {
  it('has the edit in it, though the exports read what the lists keep between changes', async () => {
    const lamp = await addProduct({ sku: 'L-9', name: 'Lamp', current_price: 30 });
    const urlId = await addUrl(lamp, 'Lamp Shop', 'https://lamps.example/lamp', [{ day: DAY_2, price: 28 }]);
    // Both exports build what they keep from this catalogue version first.
    const before = [
      await download('/api/dashboard/export.csv'),
      await download('/api/competitor-urls/export.csv'),
    ];

    await stack.api('PUT /api/products/{id}', {
      token,
      params: { id: String(lamp.id) },
      body: { sku: 'L-9', name: 'Desk lamp', current_price: 31.5, cost: null, category_id: null },
    });
    await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      params: { id: String(urlId) },
      body: { product_id: lamp.id, competitor_name: 'Lamps Direct', url: 'https://lamps.example/lamp' },
    });
    const dashboard = await download('/api/dashboard/export.csv');
    const urls = await download('/api/competitor-urls/export.csv');

    expect(before.map(({ records }) => column(records, 'SKU').includes('L-9'))).toEqual([true, true]);
    expect(dashboard.rows.find((row) => row[0] === 'L-9')?.slice(1, 4)).toEqual(['Desk lamp', '', '31.5']);
    expect(urls.rows.find((row) => row[3] === 'https://lamps.example/lamp')?.slice(0, 3)).toEqual([
      'L-9',
      'Desk lamp',
      'Lamps Direct',
    ]);
  });
});
