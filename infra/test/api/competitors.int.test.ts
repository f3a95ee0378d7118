import { addUser } from '@cmp/functions/auth/users';
import { ADMINS_ONLY_COMPETITORS, type Competitor } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack';

// Competitors (docs/api.md#competitors, issue 32): shops by domain with their sitemaps and feeds;
// every competitor URL belongs to the competitor whose domain it is on.
let stack: TestStack;
let token: string;
let staffToken: string;
let productId: number;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.login();
  await addUser({ email: 'kim@example.com', username: 'kim', firstName: 'Kim', password: 'kim-password-1' });
  staffToken = await stack.login('kim@example.com', 'kim-password-1');
  productId = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'COMP-1', name: 'Kettle', current_price: 20 },
    })
  ).body.product.id;
  for (const url of [
    'https://www.kitchen.example/kettle',
    'https://kitchen.example/p/2',
    'https://outlet.kitchen.example/p/3',
    'https://other.example/p/4',
  ])
    await stack.api('POST /api/competitor-urls', {
      token,
      body: { product_id: productId, competitor_name: 'Shop', url },
    });
});
afterAll(() => stack.stop());

const add = (body: unknown, as = token) =>
  stack.send<{ competitor: Competitor; error?: string }>('POST', '/api/competitors', { token: as, body });
const list = async (as = token) => (await stack.api('GET /api/competitors', { token: as })).body.competitors;

describe('competitors', () => {
  let kitchen: Competitor;

  it('are added by admins, with their sitemaps and feeds, and own the URLs on their domain', async () => {
    const added = await add({
      name: 'Kitchen World',
      domain: 'Kitchen.Example',
      feeds: [{ url: 'https://kitchen.example/feed.xml', format: 'google-merchant-xml' }],
    });
    expect(added.status).toBe(201);
    kitchen = added.body.competitor;
    expect(kitchen).toMatchObject({
      name: 'Kitchen World',
      domain: 'kitchen.example',
      sitemaps: [],
      feeds: [{ url: 'https://kitchen.example/feed.xml', format: 'google-merchant-xml' }],
      url_count: 3,
    });
    // A subdomain with a competitor of its own takes its URLs.
    const outlet = (await add({ name: 'Kitchen Outlet', domain: 'outlet.kitchen.example' })).body.competitor;
    expect(outlet.url_count).toBe(1);
    expect((await list(staffToken)).map((c) => [c.name, c.url_count])).toEqual([
      ['Kitchen Outlet', 1],
      ['Kitchen World', 2],
    ]);
  });

  it('are changed and deleted by admins only; their URLs stay', async () => {
    const changed = await stack.api('PUT /api/competitors/{id}', {
      token,
      params: { id: kitchen.id },
      body: {
        name: 'Kitchen World UK',
        domain: 'kitchen.example',
        sitemaps: ['https://kitchen.example/sitemap.xml'],
      },
    });
    expect(changed.body.competitor).toMatchObject({
      name: 'Kitchen World UK',
      sitemaps: ['https://kitchen.example/sitemap.xml'],
      feeds: [],
    });
    for (const [method, path, body] of [
      ['POST', '/api/competitors', { name: 'X', domain: 'x.example' }],
      ['PUT', `/api/competitors/${kitchen.id}`, { name: 'X', domain: 'kitchen.example' }],
      ['DELETE', `/api/competitors/${kitchen.id}`, undefined],
    ] as const) {
      const refused = await stack.send(method, path, { token: staffToken, body });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(ADMINS_ONLY_COMPETITORS);
    }
    expect(
      (await stack.api('DELETE /api/competitors/{id}', { token, params: { id: kitchen.id } })).status,
    ).toBe(200);
    expect((await list()).map((c) => c.name)).toEqual(['Kitchen Outlet']);
    const urls = await stack.api('GET /api/competitor-urls/product/{productId}', {
      token,
      params: { productId },
    });
    expect(urls.body.competitorUrls).toHaveLength(4);
    const gone = await stack.send('DELETE', `/api/competitors/${kitchen.id}`, { token });
    expect(gone.status).toBe(404);
  });

  it.each([
    [
      { name: 'A', domain: 'https://a.example/' },
      'The domain must be a host name such as shop.example, without http:// or a path',
      'domain',
    ],
    [{ name: 'A', domain: 'intranet' }, 'The domain must have a public host name', 'domain'],
    [
      { name: 'A', domain: '10.0.0.7' },
      'The domain must point to a public address, not a private one',
      'domain',
    ],
    [{ name: '', domain: 'a.example' }, 'Name is required', 'name'],
    [
      { name: 'A', domain: 'a.example', sitemaps: ['ftp://a.example/s.xml'] },
      'A sitemap address must be an absolute http(s) address',
      'sitemaps.0',
    ],
    [
      { name: 'A', domain: 'a.example', sitemaps: ['http://127.0.0.1/s.xml'] },
      'URL must point to a public address, not a private one',
      'sitemaps.0',
    ],
    [
      { name: 'A', domain: 'a.example', feeds: [{ url: 'https://a.example/f.csv', format: 'tsv' }] },
      "A feed's format must be one of google-merchant-xml, csv",
      'feeds.0.format',
    ],
  ])('refuses %o with a message about the field', async (body, message, field) => {
    const refused = await add(body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: expect.stringContaining(message),
      fields: { [field]: message },
    });
  });

  it('refuses a domain another competitor has', async () => {
    const refused = await add({ name: 'Again', domain: 'outlet.kitchen.example' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Kitchen Outlet already has the domain outlet.kitchen.example');
  });
});
