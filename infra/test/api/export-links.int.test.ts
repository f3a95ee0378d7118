import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

/**
 * A CSV export too large for one answer (docs/api.md#csv-exports) goes by a link to the data bucket,
 * valid 15 minutes. The threshold is 5 MB; here it is 2 KB, so a few products pass it.
 */
const { stack, token } = await signedInStack({ env: { EXPORT_LINK_FROM_BYTES: '2048' } });

const today = () => new Date().toISOString().slice(0, 10);

async function exportOf(path: string) {
  const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function linkOf(path: string): Promise<string> {
  const answer = await exportOf(path);
  expect([answer.status, answer.type]).toEqual([200, 'application/json; charset=utf-8']);
  const body = JSON.parse(answer.text) as { success: boolean; download_url: string };
  expect(body.success).toBe(true);
  return body.download_url;
}

describe('a large CSV export', () => {
  it('answers a link of its own that downloads the file, dated and named; a small one is the file', async () => {
    for (let n = 1; n <= 40; n++) {
      const { body } = await stack.api('POST /api/products', {
        token,
        body: { sku: `LINK-${n}`, name: `Linked product number ${n}`, current_price: 10 + n },
      });
      await stack.api('POST /api/competitor-urls', {
        token,
        body: {
          product_id: body.product.id,
          competitor_name: 'Shop',
          url: `https://shop.example.com/p/${n}`,
        },
      });
    }
    const link = await linkOf('/api/dashboard/export.csv');
    const again = await linkOf('/api/dashboard/export.csv');
    const file = await fetch(link);
    // As bytes: a Response's text() drops the byte-order mark.
    const text = Buffer.from(await file.arrayBuffer()).toString('utf8');
    const small = await exportOf('/api/dashboard/export.csv?search=LINK-7');
    const urls = await fetch(await linkOf('/api/competitor-urls/export.csv'));

    expect(new URL(link).origin).not.toBe(new URL(stack.url).origin);
    expect(new URL(link).pathname).not.toBe(new URL(again).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="dashboard-${today()}.csv"`);
    expect(text.startsWith('\uFEFFSKU,Name,Category,')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(41);
    expect(text).toContain('\r\nLINK-40,Linked product number 40,');
    expect([small.status, small.type]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(small.text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(urls.headers.get('content-disposition')).toBe(
      `attachment; filename="competitor-urls-${today()}.csv"`,
    );
    expect((await urls.text()).trimEnd().split('\r\n')).toHaveLength(41);
  });

  it('stops answering a link once its 15 minutes are over', async () => {
    const link = new URL(await linkOf('/api/dashboard/export.csv'));
    const signedAt = link.searchParams.get('X-Amz-Date') ?? '';
    const expires = link.searchParams.get('X-Amz-Expires');
    // Signed 16 minutes ago.
    const earlier = new Date(Date.now() - 16 * 60_000).toISOString().replace(/[-:]|\.\d{3}/g, '');
    link.searchParams.set('X-Amz-Date', earlier);
    const expired = await fetch(link);

    expect(signedAt).toMatch(/^\d{8}T\d{6}Z$/);
    expect(expires).toBe('900');
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });
});
