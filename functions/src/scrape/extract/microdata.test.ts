import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { corpusPage } from '../test-support/corpus';
import { extractMetaTags } from './meta-tags';
import { extractMicrodata, extractRdfa } from './microdata';

describe('extractMicrodata', () => {
  it('reads itemprop price from content attributes and text, with currency and availability', () => {
    const $ = load(`
      <div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">Lamp</h1><span itemprop="sku">L-9</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price" content="49.00">49,00 €</span>
          <meta itemprop="priceCurrency" content="EUR">
          <link itemprop="availability" href="https://schema.org/OutOfStock">
        </div>
      </div>
      <div itemscope itemtype="http://schema.org/Product">
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">£12.50</span></div>
      </div>`);
    const offers = extractMicrodata($, {});
    expect(offers.map((o) => [o.amount, o.currency, o.stock])).toEqual([
      ['49.00', 'EUR', 'out_of_stock'],
      ['12.50', 'GBP', 'unknown'],
    ]);
    expect(offers[0]?.ids).toContain('l-9');
  });

  it('reads a price put straight on the Product', () => {
    const $ = load(
      '<div itemscope itemtype="schema.org/Product"><b itemprop="price" content="3.10"></b></div>',
    );
    expect(extractMicrodata($, {}).map((o) => o.amount)).toEqual(['3.10']);
  });

  it('ignores prices outside any item', () => {
    expect(extractMicrodata(load('<span itemprop="price" content="5"></span>'), {})).toEqual([]);
  });

  it('reads a corpus page whose only structured data is microdata', () => {
    const argos = corpusPage('25910052');
    const offers = extractMicrodata(load(argos.html), { country: 'GB' });
    expect(offers.map((o) => o.amount)).toContain('34.99');
  });
});

describe('extractRdfa', () => {
  it('reads schema.org RDFa with and without prefix', () => {
    const $ = load(`
      <div vocab="https://schema.org/" typeof="Product">
        <span property="name">Chair</span>
        <div property="offers" typeof="Offer">
          <span property="schema:price" content="120.00">120 €</span>
          <span property="priceCurrency" content="EUR"></span>
          <link property="availability" href="https://schema.org/InStock">
        </div>
      </div>`);
    expect(extractRdfa($, {}).map((o) => [o.amount, o.currency, o.stock])).toEqual([
      ['120.00', 'EUR', 'in_stock'],
    ]);
  });
});

describe('extractMetaTags', () => {
  it('prefers the sale price over the regular price', () => {
    const $ = load(`<head>
      <meta property="product:price:amount" content="30.00"><meta property="product:price:currency" content="EUR">
      <meta property="product:sale_price:amount" content="24.00"><meta property="product:sale_price:currency" content="EUR">
      <meta property="product:availability" content="in stock"></head>`);
    expect(extractMetaTags($, {}).map((c) => [c.amount, c.currency, c.stock])).toEqual([
      ['24.00', 'EUR', 'in_stock'],
    ]);
  });

  it('reads og:price and ignores unreadable amounts', () => {
    expect(extractMetaTags(load('<meta property="og:price:amount" content="9.5">'), {})[0]?.amount).toBe(
      '9.5',
    );
    expect(extractMetaTags(load('<meta property="og:price:amount" content="free">'), {})).toEqual([]);
  });

  it('reads a corpus page that carries product meta tags', () => {
    const almedina = corpusPage('91f0a111');
    expect(extractMetaTags(load(almedina.html), { country: 'PT' })[0]).toMatchObject({
      amount: '10.1400',
      currency: 'EUR',
    });
  });
});
