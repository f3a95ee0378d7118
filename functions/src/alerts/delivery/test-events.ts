import type { AlertEvent } from '@cmp/shared';

/** An event as a digest carries it, with what a test changes. */
export const alertEvent = (overrides: Partial<AlertEvent> = {}): AlertEvent => ({
  kind: 'undercut',
  product_id: 1,
  sku: 'K-17',
  product_name: 'Kettle 1.7 l',
  our_price: 20,
  competitor_url_id: 7,
  competitor_name: 'Shop B',
  competitor_url: 'https://shop-b.example/kettle',
  competitor_price: 18.5,
  previous_price: 21,
  ...overrides,
});
