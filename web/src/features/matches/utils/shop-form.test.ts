import { describe, expect, it } from 'vitest';
import { validateShopForm } from './shop-form';

describe('the competitor shop form', () => {
  it('sends the sitemaps typed one per line and the feeds given an address', () => {
    expect(
      validateShopForm({
        name: 'Kitchen World',
        domain: 'kitchen.example',
        sitemaps: ' https://kitchen.example/a.xml \n\nhttps://kitchen.example/b.xml',
        feeds: [
          { url: ' https://kitchen.example/feed.csv ', format: 'csv' },
          { url: '', format: 'google-merchant-xml' },
        ],
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Kitchen World',
        domain: 'kitchen.example',
        sitemaps: ['https://kitchen.example/a.xml', 'https://kitchen.example/b.xml'],
        feeds: [{ url: 'https://kitchen.example/feed.csv', format: 'csv' }],
      },
    });
  });

  it('says what the server would, naming the field', () => {
    expect(
      validateShopForm({ name: 'Shop', domain: 'https://shop.example/', sitemaps: '', feeds: [] }),
    ).toEqual({
      ok: false,
      error: 'The domain must be a host name such as shop.example, without http:// or a path',
      field: 'domain',
    });
    expect(
      validateShopForm({ name: 'Shop', domain: 'shop.example', sitemaps: 'not an address', feeds: [] }),
    ).toMatchObject({
      ok: false,
      error: 'A sitemap address must be an absolute http(s) address',
      field: 'sitemaps.0',
    });
  });
});
