import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFixtures, fetcherFor, fixture } from '../scrape/test-support/fetch-fixture';
import { readFeed } from './feed-source';

afterEach(closeFixtures);

const merchantFeed = (count: number) =>
  `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>${Array.from(
    { length: count },
    (_, n) =>
      `<item><g:id>${n}</g:id><title>Kettle ${n}</title><link>https://shop.example/p/${n}</link><g:price>${n}.99 GBP</g:price><g:gtin>4006381333931</g:gtin><g:availability>in stock</g:availability></item>`,
  ).join('')}</channel></rss>`;

describe('a product feed read from its address', () => {
  it('is read as it arrives, a gzipped file unpacked by its magic bytes whatever its name or type', async () => {
    const packed = gzipSync(merchantFeed(3000));
    const shop = await fixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      // A byte at a time first: the magic bytes may arrive split.
      res.write(packed.subarray(0, 1));
      setTimeout(() => {
        res.write(packed.subarray(1, 5000));
        setTimeout(() => res.end(packed.subarray(5000)), 20);
      }, 20);
    });

    const content = await readFeed(
      { url: `${shop.url}/feed`, format: 'google-merchant-xml' },
      fetcherFor([shop]),
    );

    expect(content.items).toHaveLength(3000);
    expect(content.items[2999]).toMatchObject({
      url: 'https://shop.example/p/2999',
      name: 'Kettle 2999',
      price: '2999.99',
      currency: 'GBP',
      in_stock: true,
    });
  });

  it('reads a plain CSV feed, and says when a gzipped one is broken', async () => {
    const shop = await fixture((req, res) => {
      if (req.url === '/broken.gz')
        return res
          .writeHead(200)
          .end(Buffer.concat([gzipSync('link,title\n'), Buffer.from('not gzip')]).subarray(0, 15));
      res
        .writeHead(200, { 'content-type': 'text/csv' })
        .end(
          'title,link,price,currency,gtin,mpn,brand,availability\n"Kettle, 1.7L",https://shop.example/p/1,19.99,GBP,,,,in stock\n',
        );
    });
    const fetcher = fetcherFor([shop]);

    const content = await readFeed({ url: `${shop.url}/feed.csv`, format: 'csv' }, fetcher);
    expect(content.items).toEqual([expect.objectContaining({ name: 'Kettle, 1.7L', price: '19.99' })]);
    await expect(readFeed({ url: `${shop.url}/broken.gz`, format: 'csv' }, fetcher)).rejects.toThrow(
      'not a readable gzip file',
    );
  });
});
