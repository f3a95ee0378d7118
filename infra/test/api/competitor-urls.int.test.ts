import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

const { stack, token } = await signedInStack({ env: { SCRAPER_ALLOW_HOSTS: 'localhost:4010' } });
const { product } = (
  await stack.api('POST /api/products', { token, body: { sku: 'KET-1', name: 'Kettle', current_price: 40 } })
).body;
const addUrl = (url: string, productId = product.id, competitor_name = 'Shop') =>
  stack.api('POST /api/competitor-urls', { token, body: { product_id: productId, competitor_name, url } });

describe('competitor URLs', () => {
  it('adds a URL and lists it with its product', async () => {
    const added = await addUrl('https://www.example-shop.com/kettle');
    const all = await stack.api('GET /api/competitor-urls', { token });
    const ofProduct = await stack.api('GET /api/competitor-urls/product/{productId}', {
      token,
      params: { productId: product.id },
    });

    expect(added.status).toBe(201);
    expect(all.body.competitorUrls).toContainEqual({
      id: added.body.competitorUrl.id,
      product_id: product.id,
      competitor_name: 'Shop',
      url: 'https://www.example-shop.com/kettle',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      product: { name: 'Kettle', sku: 'KET-1', current_price: 40 },
      // Never checked yet, and no price picked on it.
      last_check: null,
      price_pin: null,
    });
    expect(ofProduct.body.competitorUrls.map((u) => u.id)).toContain(added.body.competitorUrl.id);
  });

  it('refuses the same URL twice on one product, also spelled differently', async () => {
    await addUrl('https://shop.example.com/p/1');

    const again = await addUrl('https://SHOP.example.com:443/p/1#reviews');

    expect(again.status).toBe(409);
    expect(again.body.success).toBe(false);
  });

  it.each([
    ['ftp://example.com/file', 'URL must be an absolute http(s) address'],
    ['/relative/path', 'URL must be an absolute http(s) address'],
    ['http://127.0.0.1/admin', 'URL must point to a public address'],
    ['http://2130706433/', 'URL must point to a public address'],
    ['http://0x7f.1/', 'URL must point to a public address'],
    ['http://10.1.2.3/', 'URL must point to a public address'],
    ['http://169.254.169.254/latest/meta-data', 'URL must point to a public address'],
    ['http://[::1]/', 'URL must point to a public address'],
    ['http://[::ffff:192.168.0.1]/', 'URL must point to a public address'],
    ['http://localhost:4011/', 'URL must have a public host name'],
    ['http://intranet/', 'URL must have a public host name'],
    ['http://printer.local/', 'URL must have a public host name'],
    ['https://user:secret@example.com/', 'URL must not contain a user name or password'],
  ])('refuses %s', async (url, message) => {
    const { status, body } = await addUrl(url);

    expect(status).toBe(400);
    expect(body.error).toContain(message);
  });

  it('lets the hosts in SCRAPER_ALLOW_HOSTS through, and only on their port', async () => {
    expect((await addUrl('http://localhost:4010/products/1')).status).toBe(201);
    expect((await addUrl('http://localhost:4012/products/1')).status).toBe(400);
  });

  it('refuses a product that does not exist and a product id that is not an integer', async () => {
    const missing = await addUrl('https://example.com/x', 9999);
    const notInteger = await stack.send('POST', '/api/competitor-urls', {
      token,
      body: { product_id: '1', competitor_name: 'Shop', url: 'https://example.com/y' },
    });

    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Product 9999 does not exist');
    expect(notInteger.status).toBe(400);
  });

  it('requires a competitor name', async () => {
    const { status, body } = await addUrl('https://example.com/z', product.id, '  ');

    expect(status).toBe(400);
    expect(body.error).toBe('Competitor name is required');
  });

  it('edits a URL', async () => {
    const { body } = await addUrl('https://edit.example.com/a');

    const edited = await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: product.id, competitor_name: 'Renamed', url: 'https://edit.example.com/b' },
      params: { id: body.competitorUrl.id },
    });

    expect(edited.body.competitorUrl).toEqual(
      expect.objectContaining({ competitor_name: 'Renamed', url: 'https://edit.example.com/b' }),
    );
    expect((await addUrl('https://edit.example.com/a')).status).toBe(201);
  });

  it('refuses to edit a URL onto one its product already has, and keeps it as it was', async () => {
    await addUrl('https://taken.example.com/kettle');
    const { body } = await addUrl('https://taken.example.com/other');
    const id = body.competitorUrl.id;

    const edited = await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: product.id, competitor_name: 'Shop', url: 'https://TAKEN.example.com/kettle' },
      params: { id },
    });
    const after = await stack.api('GET /api/competitor-urls/{id}', { token, params: { id } });

    expect(edited.status).toBe(409);
    expect(edited.body).toEqual({
      success: false,
      error: expect.stringContaining('already'),
      fields: { url: expect.stringContaining('already') },
    });
    expect(after.body.competitorUrl.url).toBe('https://taken.example.com/other');
  });

  it('refuses to edit a URL onto a private address', async () => {
    const { body } = await addUrl('https://private-edit.example.com/a');

    const edited = await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: product.id, competitor_name: 'Shop', url: 'http://192.168.0.10/admin' },
      params: { id: body.competitorUrl.id },
    });

    expect(edited.status).toBe(400);
    expect(edited.body.error).toContain('URL must point to a public address');
  });

  it('answers 404 for the URLs of a product that does not exist', async () => {
    const { status, body } = await stack.api('GET /api/competitor-urls/product/{productId}', {
      token,
      params: { productId: '9999' },
    });

    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: expect.any(String) });
  });

  it('answers 404 when deleting or editing a competitor URL that does not exist', async () => {
    const deleted = await stack.api('DELETE /api/competitor-urls/{id}', { token, params: { id: '9999' } });
    const edited = await stack.api('PUT /api/competitor-urls/{id}', {
      token,
      body: { product_id: product.id, competitor_name: 'Shop', url: 'https://nowhere.example.com/' },
      params: { id: '9999' },
    });

    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({ success: false, error: 'Competitor URL 9999 not found' });
    expect(edited.status).toBe(404);
  });

  it('shows the price history newest first and deletes it with the URL', async () => {
    const { body } = await addUrl('https://history.example.com/kettle');
    const urlId = body.competitorUrl.id;
    const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
    for (const [runId, price, inStock, confidence] of [
      ['20261120T090000Z-a', 41, true, 0.9],
      ['20261121T090000Z-b', 39.5, false, 0.9],
      ['20261122T090000Z-c', 38, null, 0.3],
    ] as const) {
      await putPriceRecord({
        run_id: runId,
        competitor_url_id: urlId,
        product_id: product.id,
        competitor_name: 'History',
        competitor_url: 'https://history.example.com/kettle',
        price,
        currency: 'GBP',
        in_stock: inStock,
        confidence,
        scraped_at: `${runId.slice(0, 4)}-${runId.slice(4, 6)}-${runId.slice(6, 8)}T09:00:00.000Z`,
        error_message: null,
        llm_response: null,
        // As the gate judged them: the last one was held for review, its confidence below the floor.
        ...(confidence < 0.5
          ? { outcome: 'review' as const, message: 'Held for review: low confidence (30 %)' }
          : { outcome: 'ok' as const, message: 'Price found' }),
      });
    }

    const detail = await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: urlId } });
    const deleted = await stack.api('DELETE /api/competitor-urls/{id}', { token, params: { id: urlId } });
    const { latestPriceRecords } = await import('@cmp/functions/data/price-record.repository');

    expect(detail.body.competitorUrl.price_data).toEqual([
      {
        id: '20261122T090000Z-c',
        price: 38,
        currency: 'GBP',
        in_stock: null,
        scraped_at: '2026-11-22T09:00:00.000Z',
        // Below the confidence floor: shown, not compared.
        confidence: 0.3,
        counted: false,
        outcome: 'review',
        message: 'Held for review: low confidence (30 %)',
      },
      {
        id: '20261121T090000Z-b',
        price: 39.5,
        currency: 'GBP',
        in_stock: false,
        scraped_at: '2026-11-21T09:00:00.000Z',
        confidence: 0.9,
        counted: true,
        outcome: 'ok',
        message: 'Price found',
      },
      {
        id: '20261120T090000Z-a',
        price: 41,
        currency: 'GBP',
        in_stock: true,
        scraped_at: '2026-11-20T09:00:00.000Z',
        confidence: 0.9,
        counted: true,
        outcome: 'ok',
        message: 'Price found',
      },
    ]);
    expect(deleted.body).toEqual({ success: true });
    expect(await latestPriceRecords(urlId, 10)).toEqual([]);
    expect((await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: urlId } })).status).toBe(
      404,
    );
  });
});

describe('competitor URL text', () => {
  it.each([
    [
      'a right-to-left override in the competitor name',
      'Shop \u202Epots',
      'https://text.example.com/1',
      'Competitor name',
    ],
    ['a NUL in the competitor name', 'Shop\u0000', 'https://text.example.com/2', 'Competitor name'],
    ['a tab inside the URL', 'Shop', 'https://text.example.com/\t3', 'URL'],
  ])('refuses %s with the field’s message', async (_, name, url, label) => {
    const { status, body } = await addUrl(url, product.id, name);

    expect(status).toBe(400);
    const error = `${label} contains characters that are not allowed`;
    expect(body).toEqual({
      success: false,
      error,
      fields: { [label === 'URL' ? 'url' : 'competitor_name']: error },
    });
  });

  it('stores the competitor name composed', async () => {
    const { body } = await addUrl('https://text.example.com/nfc', product.id, 'Cafe\u0301 Shop');

    expect(body.competitorUrl.competitor_name).toBe('Caf\u00E9 Shop');
  });
});
