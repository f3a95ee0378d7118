import { describe, expect, it } from 'vitest';
import { feedReader } from './feed';

const read = async (format: 'csv' | 'google-merchant-xml', text: string, max = 100, step = 13) => {
  const reader = feedReader(format, max);
  for (let at = 0; at < text.length; at += step) reader.write(text.slice(at, at + step));
  return reader.end();
};

describe('a Google Merchant feed', () => {
  it('reads RSS items with their g: fields, the sale price first', async () => {
    const xml = `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>K-1</g:id><title>Acme Kettle KX-200 &amp; Cup</title><link>https://shop.example/p/1</link>
<g:price>29.99 GBP</g:price><g:sale_price>24.99 GBP</g:sale_price><g:gtin>4006381333931</g:gtin>
<g:mpn>KX-200</g:mpn><g:brand>Acme</g:brand><g:availability>in_stock</g:availability></item>
<item><title>No address</title></item>
<item><g:title>Toaster</g:title><g:link>https://shop.example/p/2</g:link><g:price>19.00 EUR</g:price><g:availability>out of stock</g:availability></item>
</channel></rss>`;
    expect(await read('google-merchant-xml', xml)).toEqual({
      skipped: 1,
      truncated: false,
      items: [
        {
          url: 'https://shop.example/p/1',
          name: 'Acme Kettle KX-200 & Cup',
          brand: 'Acme',
          gtins: ['4006381333931'],
          mpn: 'KX-200',
          sku: 'K-1',
          price: '24.99',
          currency: 'GBP',
          in_stock: true,
        },
        expect.objectContaining({
          url: 'https://shop.example/p/2',
          name: 'Toaster',
          price: '19.00',
          currency: 'EUR',
          in_stock: false,
        }),
      ],
    });
  });

  it('reads Atom entries, whose link is an attribute', async () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0"><entry><title>Lamp</title><link href="https://shop.example/l"/><g:price>5 USD</g:price></entry></feed>`;
    expect((await read('google-merchant-xml', xml)).items).toMatchObject([
      { url: 'https://shop.example/l', price: '5', currency: 'USD' },
    ]);
  });
});

describe('a CSV feed', () => {
  const header = 'availability,price,currency,title,link,brand,mpn,gtin';

  it('reads its columns in any order, and keeps at most max items', async () => {
    const csv = `${header}\nin stock,24.99,GBP,"Kettle, steel",https://shop.example/p/1,Acme,KX-200,4006381333931\nout of stock,3.50,GBP,Mug,https://shop.example/p/2,,,\nin stock,1,GBP,Spoon,https://shop.example/p/3,,,\n`;
    const content = await read('csv', csv, 2);
    expect(content.truncated).toBe(true);
    expect(content.items).toEqual([
      {
        url: 'https://shop.example/p/1',
        name: 'Kettle, steel',
        brand: 'Acme',
        gtins: ['4006381333931'],
        mpn: 'KX-200',
        sku: null,
        price: '24.99',
        currency: 'GBP',
        in_stock: true,
      },
      expect.objectContaining({ name: 'Mug', brand: null, gtins: [], price: '3.50', in_stock: false }),
    ]);
  });

  it('refuses a file without the columns, naming them', async () => {
    await expect(read('csv', 'title,link\nMug,https://shop.example/p/2\n')).rejects.toThrow(
      'The feed has no gtin, mpn, brand, price, currency, availability column',
    );
  });
});
