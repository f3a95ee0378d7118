import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { corpusPage } from '../test-support/corpus';
import { extractJsonLd, parseLenientJson } from './json-ld';

const page = (...blocks: string[]) =>
  load(
    `<html><head>${blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('')}</head></html>`,
  );
const amounts = (html: ReturnType<typeof page>) => extractJsonLd(html, {}).map((c) => c.amount);

describe('extractJsonLd', () => {
  it('reads a Product with one Offer, its currency, availability and ids', () => {
    const $ = page(
      JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Kettle',
        sku: 'K-1',
        gtin13: '4006381333931',
        offers: {
          '@type': 'Offer',
          price: '24.99',
          priceCurrency: 'GBP',
          availability: 'https://schema.org/InStock',
        },
      }),
    );
    const [offer] = extractJsonLd($, {});
    expect(offer).toMatchObject({
      source: 'json-ld',
      amount: '24.99',
      currency: 'GBP',
      stock: 'in_stock',
      kind: 'offer',
    });
    expect(offer?.ids).toEqual(expect.arrayContaining(['k-1', '4006381333931']));
    expect(offer?.snippet).toContain('Kettle');
  });

  it('walks @graph and top-level arrays, and skips related products', () => {
    const $ = page(
      JSON.stringify({
        '@graph': [
          { '@type': 'WebPage', name: 'x' },
          {
            '@type': ['Product'],
            offers: [{ '@type': 'Offer', price: 10, priceCurrency: 'EUR' }],
            isRelatedTo: { '@type': 'Product', offers: { '@type': 'Offer', price: 99 } },
          },
        ],
      }),
      JSON.stringify([{ '@type': 'Product', offers: { '@type': 'Offer', price: '11.00' } }]),
    );
    expect(amounts($)).toEqual(['10', '11.00']);
  });

  it('reads AggregateOffer as a range unless low and high agree', () => {
    const range = extractJsonLd(
      page(
        JSON.stringify({
          '@type': 'Product',
          offers: { '@type': 'AggregateOffer', lowPrice: 5, highPrice: 9 },
        }),
      ),
      {},
    );
    expect(range.map((c) => [c.amount, c.kind])).toEqual([['5', 'range-low']]);
    const single = extractJsonLd(
      page(
        JSON.stringify({
          '@type': 'Product',
          offers: { '@type': 'AggregateOffer', lowPrice: 5, highPrice: '5.00' },
        }),
      ),
      {},
    );
    expect(single[0]?.kind).toBe('offer');
  });

  it('reads ProductGroup variants with their own skus', () => {
    const $ = page(
      JSON.stringify({
        '@type': 'ProductGroup',
        productGroupID: 'G1',
        hasVariant: [
          {
            '@type': 'Product',
            sku: 'S',
            offers: { '@type': 'Offer', price: '20.00', priceCurrency: 'EUR' },
          },
          {
            '@type': 'Product',
            sku: 'XL',
            offers: { '@type': 'Offer', price: '22.00', priceCurrency: 'EUR' },
          },
        ],
      }),
    );
    const offers = extractJsonLd($, {});
    expect(offers.map((o) => [o.amount, o.ids[0]])).toEqual([
      ['20.00', 's'],
      ['22.00', 'xl'],
    ]);
  });

  it('uses the sale price specification and ignores list prices', () => {
    const $ = page(
      JSON.stringify({
        '@type': 'Product',
        offers: {
          '@type': 'Offer',
          priceSpecification: [
            {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/ListPrice',
              price: 30,
              priceCurrency: 'EUR',
            },
            { '@type': 'UnitPriceSpecification', price: 25, priceCurrency: 'EUR' },
          ],
        },
      }),
    );
    expect(amounts($)).toEqual(['25']);
  });

  it('reads misspelt property names and prices wrapped in objects, skipping wrapped list prices', () => {
    const offers = extractJsonLd(
      page(
        JSON.stringify({
          '@context': 'http://schema.org/',
          '@type': 'Product',
          sku: 'PU-1',
          offers: {
            '@type': 'AggregateOffer',
            lowprice: { list: { value: 4999 }, sales: { value: 3499, currency: 'ARS' } },
            highprice: { sales: { value: 4059 } },
            availability: 'http://schema.org/InStock',
          },
        }),
      ),
      {},
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ amount: '3499', kind: 'range-low', stock: 'in_stock' });
  });

  it('survives comments, CDATA, trailing commas and raw newlines', () => {
    const $ = page(
      '<!-- {"@type": "Product", "offers": {"@type": "Offer", "price": "1.50",},} -->',
      '//<![CDATA[\n{"@type": "Product", "name": "two\nlines", "offers": {"@type": "Offer", "price": "2.50"}}\n//]]>',
      '{ this is not json',
    );
    expect(amounts($)).toEqual(['1.50', '2.50']);
  });

  it('treats hostile values as absent', () => {
    const $ = page(
      JSON.stringify({
        '@type': 'Product',
        offers: [
          { '@type': 'Offer', price: -5 },
          { '@type': 'Offer', price: { $gt: 1 } },
          { '@type': 'Offer', price: 'call us' },
          { '@type': 'Offer', price: '7.00', priceCurrency: '<script>' },
        ],
      }),
    );
    expect(extractJsonLd($, {}).map((c) => [c.amount, c.currency])).toEqual([['7.00', null]]);
  });

  it('reads real shop pages from the corpus', () => {
    const johnLewis = corpusPage('29d06196');
    const [offer] = extractJsonLd(load(johnLewis.html), { country: 'GB' });
    expect(offer).toMatchObject({ amount: '36.50', currency: 'GBP' });
    const zalando = corpusPage('9d8d7e05');
    const offers = extractJsonLd(load(zalando.html), {});
    expect(new Set(offers.map((o) => o.amount))).toEqual(new Set(['89.5']));
    expect(new Set(offers.map((o) => o.stock))).toEqual(new Set(['in_stock', 'out_of_stock']));
  });
});

describe('parseLenientJson', () => {
  it('reads several objects written back to back', () => {
    expect(parseLenientJson('{"a":1}{"b":2}')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('gives up on text that is not JSON', () => {
    expect(parseLenientJson('window.x = 1;')).toBeUndefined();
  });
});
