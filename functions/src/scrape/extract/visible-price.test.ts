import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { corpusPage } from '../test-support/corpus';
import { extractVisiblePrices } from './visible-price';

const top = (html: string, country: string | null = 'GB') => extractVisiblePrices(load(html), { country })[0];

const shop = (buyBox: string, rest = '') => `<html><body>
  <header class="site-header"><a href="/basket">Basket £0.00</a></header>
  <main><div class="product"><h1>Walnut desk lamp</h1>${buyBox}</div></main>
  ${rest}
  <footer>Free delivery on orders over £50</footer></body></html>`;

describe('extractVisiblePrices', () => {
  it('prefers the sale price over the crossed-out one', () => {
    const best = top(
      shop('<div class="price"><del>£40.00</del> <span class="price-now">£29.99</span></div>'),
    );
    expect(best?.amount).toBe('29.99');
  });

  it('prefers the current price over was, RRP and saving amounts', () => {
    const html = shop(`<p class="rrp">RRP £45.00</p><p>Was £40.00</p>
      <p class="product-price">£32.00</p><p class="saving">Save £8.00</p>`);
    expect(top(html)?.amount).toBe('32.00');
  });

  it('ranks unit, instalment and shipping prices below the price', () => {
    const html = shop(`<div class="price-box"><span class="price">£3.50</span></div>
      <span class="unit-price">£7.00 / kg</span><p>or 3 monthly payments of £1.17</p><p>+ £4.99 shipping</p>`);
    const candidates = extractVisiblePrices(load(html), { country: 'GB' });
    expect(candidates[0]?.amount).toBe('3.50');
    for (const other of ['7.00', '1.17', '4.99']) {
      const c = candidates.find((x) => x.amount === other);
      expect(c === undefined || (candidates[0]?.score ?? 0) - c.score >= 1.5).toBe(true);
    }
  });

  it('ranks other products in carousels below the product', () => {
    const html = shop(
      '<span class="price">£19.00</span>',
      `<section class="related-products"><div class="carousel">
        <div class="item"><span class="price">£9.00</span></div><div class="item"><span class="price">£11.00</span></div>
      </div></section>`,
    );
    const candidates = extractVisiblePrices(load(html), { country: 'GB' });
    expect(candidates[0]?.amount).toBe('19.00');
    expect(candidates.find((c) => c.amount === '9.00')?.where).toContain('related');
  });

  it('reads prices split over elements and raised cents', () => {
    expect(
      top(shop('<span class="price"><span>£</span><span>12</span><span>.99</span></span>'))?.amount,
    ).toBe('12.99');
    expect(top(shop('<span class="price">$87<sup>11</sup></span>'), 'US')?.amount).toBe('87.11');
    expect(
      top(
        shop(
          '<span class="price"><span class="sr-only">€5.00</span><span aria-hidden="true">€5.00</span></span>',
        ),
      )?.amount,
    ).toBe('5.00');
  });

  it('keeps numbers of neighbouring elements apart', () => {
    const candidates = extractVisiblePrices(
      load(shop('<div class="bid"><span>$200</span><span>2 bids</span></div>')),
      {
        country: 'US',
      },
    );
    expect(candidates[0]?.amount).toBe('200');
    expect(candidates.map((c) => c.amount)).not.toContain('2002');
  });

  it('does not take numbers without a currency outside price elements', () => {
    const html = shop('<p>Model 2020</p><p>12 colours</p><span class="price">£5</span>');
    const amounts = new Set(extractVisiblePrices(load(html), {}).map((c) => c.amount));
    expect(amounts.has('5')).toBe(true);
    expect(amounts.has('2020')).toBe(false);
    expect(amounts.has('12')).toBe(false);
  });

  it('carries evidence: where the price was and the text around it', () => {
    const best = top(shop('<div class="buy"><span id="our-price" class="price">Price: £24.00</span></div>'));
    expect(best?.where).toContain('span#our-price');
    expect(best?.snippet).toContain('£24.00');
  });

  it('finds the buy-box price on a corpus page without structured data', () => {
    const amazon = corpusPage('01efbb74');
    expect(top(amazon.html, null)?.amount).toBe('87.11');
  });
});
