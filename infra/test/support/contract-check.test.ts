import { describe, expect, it } from 'vitest';
import { checkAgainstContract } from './contract-check';

const product = {
  id: 1,
  sku: 'SKU-1',
  name: 'Kettle',
  current_price: 49.99,
  cost: null,
  gtin: null,
  mpn: null,
  brand: null,
  category_id: null,
  category: null,
  hidden: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('checkAgainstContract (what every integration test checks each answer with)', () => {
  it('accepts an answer the contract describes, an error in the shared error shape too', () => {
    expect(() =>
      checkAgainstContract('GET', '/api/products', 200, { success: true, products: [product] }),
    ).not.toThrow();
    expect(() =>
      checkAgainstContract('PUT', '/api/products/7?x=1', 404, { success: false, error: 'Product not found' }),
    ).not.toThrow();
  });

  it('refuses a field the contract does not name, and a missing one, saying where', () => {
    expect(() =>
      checkAgainstContract('GET', '/api/products', 200, {
        success: true,
        products: [{ ...product, secret: 1 }],
      }),
    ).toThrow(/GET \/api\/products answered 200 with a body the contract does not describe:[\s\S]*secret/);
    const { sku: _sku, ...withoutSku } = product;
    expect(() =>
      checkAgainstContract('GET', '/api/products', 200, { success: true, products: [withoutSku] }),
    ).toThrow(/products\[0\]\.sku/);
  });

  it('refuses an error that is not { success: false, error }, and a success status the route does not list', () => {
    expect(() => checkAgainstContract('GET', '/api/products', 500, { message: 'boom' })).toThrow(/error/);
    expect(() => checkAgainstContract('POST', '/api/products', 200, { success: true, product })).toThrow(
      /POST \/api\/products answered 200, a status the contract does not list for POST \/api\/products/,
    );
  });

  it('wants text/csv for a CSV download and JSON for its errors and for every other route', () => {
    const csv = '\uFEFFSKU\r\n';
    const json = 'application/json; charset=utf-8';

    expect(() =>
      checkAgainstContract('GET', '/api/dashboard/export.csv', 200, csv, 'text/csv; charset=utf-8'),
    ).not.toThrow();
    expect(() => checkAgainstContract('GET', '/api/dashboard/export.csv', 200, csv, json)).toThrow(
      /as application\/json; charset=utf-8, not text\/csv/,
    );
    expect(() =>
      checkAgainstContract('GET', '/api/dashboard/export.csv', 400, { success: false, error: 'x' }, json),
    ).not.toThrow();
    expect(() =>
      checkAgainstContract('GET', '/api/products', 200, { success: true, products: [] }, 'text/csv'),
    ).toThrow(/not application\/json/);
    expect(() =>
      checkAgainstContract('GET', '/api/dashboard/export.csv', 200, { success: true }, json),
    ).toThrow();
  });
});
