import type { AlertChannel } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { alertsQueryParams, deliveryViews, matchProduct, parseAlertsQuery } from './alert-view';

const products = [
  { id: 1, sku: 'KETTLE-1', name: 'Steel Kettle' },
  { id: 2, sku: 'KETTLE-2', name: 'Glass Kettle' },
  { id: 3, sku: 'TOAST-1', name: 'Quiet Toaster' },
  { id: 4, sku: 'KETTLE', name: 'Kettle descaler' },
];

describe('the alerts filters in the URL', () => {
  it('reads a kind and a product id, as the dashboard marker links them', () => {
    expect(parseAlertsQuery(new URLSearchParams('kind=undercut&product_id=12'))).toEqual({
      kind: 'undercut',
      productId: 12,
    });
  });

  it('ignores a kind or product id it does not know rather than failing the page', () => {
    expect(parseAlertsQuery(new URLSearchParams('kind=everything&product_id=0'))).toEqual({
      kind: null,
      productId: null,
    });
    expect(parseAlertsQuery(new URLSearchParams('product_id=12abc'))).toEqual({
      kind: null,
      productId: null,
    });
  });

  it('writes only the filters that are on, and reads back what it wrote', () => {
    expect(alertsQueryParams({ kind: null, productId: 7 }).toString()).toBe('product_id=7');
    expect(alertsQueryParams({ kind: null, productId: null }).toString()).toBe('');
    const query = { kind: 'url_failing' as const, productId: 3 };
    expect(parseAlertsQuery(alertsQueryParams(query))).toEqual(query);
  });
});

describe('the product a typed SKU or name picks', () => {
  it('takes an exact SKU in any case, even when other products contain it', () => {
    expect(matchProduct(products, ' kettle ')).toEqual({ kind: 'one', product: products[3] });
  });

  it('takes the one product whose name and SKU hold every word', () => {
    expect(matchProduct(products, 'glass kett')).toEqual({ kind: 'one', product: products[1] });
  });

  it('offers the candidates when several match, and says when none does', () => {
    expect(matchProduct(products, 'kett')).toEqual({
      kind: 'many',
      count: 3,
      first: [products[0], products[1], products[3]],
    });
    expect(matchProduct(products, 'blender')).toEqual({ kind: 'none' });
    expect(matchProduct(products, '   ')).toEqual({ kind: 'empty' });
  });

  it('offers at most five candidates', () => {
    const many = Array.from({ length: 8 }, (_, index) => ({
      id: index + 1,
      sku: `MUG-${index}`,
      name: 'Mug',
    }));
    const match = matchProduct(many, 'mug');
    expect(match).toMatchObject({ kind: 'many', count: 8 });
    expect(match.kind === 'many' && match.first.map((product) => product.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("an alert's channels", () => {
  const channels: AlertChannel[] = [
    {
      id: 'a',
      type: 'webhook',
      target: 'https://hooks.example.com/x',
      enabled: true,
      secret_hint: 'abcd',
      last_delivery: null,
    },
    { id: 'b', type: 'email', target: 'ops@shop.com', enabled: true, secret_hint: null, last_delivery: null },
  ];

  it('names each channel as set now and says how it took the digest, failure message included', () => {
    const views = deliveryViews(
      [
        { channel_id: 'a', ok: true, at: '2026-11-26T06:00:00Z', message: 'HTTP 200' },
        { channel_id: 'b', ok: false, at: '2026-11-26T06:00:00Z', message: 'SES refused the sender' },
        { channel_id: 'gone', ok: true, at: '2026-11-26T06:00:00Z', message: 'HTTP 200' },
      ],
      channels,
    );
    expect(views).toEqual([
      { channel: 'Webhook https://hooks.example.com/x', ok: true, result: 'OK' },
      { channel: 'E-mail ops@shop.com', ok: false, result: 'Failed: SES refused the sender' },
      { channel: 'Removed channel', ok: true, result: 'OK' },
    ]);
  });
});
