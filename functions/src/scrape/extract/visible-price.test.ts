import { load } from 'cheerio/slim';
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

  it('reads a currency next to a bare number with every sign the price parser knows', () => {
    // The stock count keeps the container from reading as one price: only the number's neighbour tells.
    const buyBox = (price: string) => shop(`<div class="buy">${price} <small>2 in stock</small></div>`);
    expect(top(buyBox('<span class="price">1.299</span> TL'), 'TR')?.currency).toBe('TRY');
    expect(top(buyBox('<span>Fr.</span><span class="price">12.50</span>'), 'CH')?.currency).toBe('CHF');
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

  it('sees a labelled price whose digits are struck inside it as crossed out', () => {
    const html = shop(`<div class="price-box">
      <div class="item-price"><small>Internet:</small> <span>$249.990</span></div>
      <div class="item-price"><small>Precio:</small> <span><s>$279.990</s></span></div></div>`);
    const candidates = extractVisiblePrices(load(html), { country: 'CL' });
    expect(candidates[0]?.amount).toBe('249990');
    expect(candidates.find((c) => c.amount === '279990')?.where).toContain('crossed out');
  });

  it("reads a 'normal' price label as the regular price, not the one to pay", () => {
    const html = shop('\n<div class="price"><span>Normal: £30.00</span> <span>£25.00</span></div>');
    const candidates = extractVisiblePrices(load(html), { country: 'GB' });
    expect(candidates[0]?.amount).toBe('25.00');
    expect(candidates.find((c) => c.amount === '30.00')?.where).toContain('qualified');
  });

  it.each([
    ['<p class="deal">消費滿額享$590起</p>', 'TW', '590'],
    ['<p class="deal">30,000원~</p>', 'KR', '30000'],
    ['<p class="deal">$169up</p>', 'TW', '169'],
    ['<p class="offers">New &amp; used (4) <span>£63.06</span></p>', 'GB', '63.06'],
  ])("qualifies 'from', threshold and used-offer prices: %s", (html, country, amount) => {
    const candidates = extractVisiblePrices(load(shop(html)), { country });
    expect(candidates.find((c) => c.amount === amount)?.where).toContain('qualified');
  });

  it.each([
    ['\n<p class="price">from £9.99</p>', 'GB', '9.99'],
    ['\n<p>Neu und gebraucht (7) ab <span class="price">99,12 €</span></p>', 'DE', '99.12'],
    ['\n<p class="price">30,000원~</p>', 'KR', '30000'],
  ])("marks a 'from' price as the low end of the product's range: %s", (html, country, amount) => {
    const candidate = extractVisiblePrices(load(shop(html)), { country }).find((c) => c.amount === amount);
    expect(candidate).toMatchObject({ kind: 'range-low' });
    expect(candidate?.where).toContain("qualified 'from'");
  });

  it.each([
    ['\n<p class="price">Used from £40.00</p>', '40.00'],
    ['\n<p class="deal">消費滿額享$590起</p>', '590'],
    ['\n<p class="price"><span>£45.00</span> / month</p>', '45.00'],
  ])("does not take used-only, threshold or instalment prices for 'from' prices: %s", (html, amount) => {
    const candidate = extractVisiblePrices(load(shop(html)), { country: 'GB' }).find(
      (c) => c.amount === amount,
    );
    expect(candidate).toMatchObject({ kind: 'offer' });
  });

  it.each([
    ['<p class="price">£45.00 / month</p>', '45.00'],
    ['<p class="deal">Free shipping over £60</p>', '60'],
    ['<p class="price">2024</p>', '2024'],
  ])('takes no price from an element whose own text says it is no price: %s', (html, amount) => {
    const amounts = extractVisiblePrices(load(shop(html)), { country: 'GB' }).map((c) => c.amount);
    expect(amounts).toContain('0.00');
    expect(amounts).not.toContain(amount);
  });

  it('ranks a price set in large type above an otherwise equal one', () => {
    const html = shop(`<div class="price"><span>£20.00</span></div>
      <div class="price"><span style="font: bold 27px Verdana; color: red">£18.00</span></div>`);
    expect(top(html)?.amount).toBe('18.00');
  });

  it('does not take a buy box laid out as table rows for a list of products', () => {
    const html = shop(`<table>
      <tr><td>List price <del>£42.00</del></td></tr>
      <tr><td><b>Our price</b> <span>£29.40</span></td></tr>
      <tr><td><div class="instalments"><span>3 payments of</span> <span>£9.80</span></div></td></tr></table>`);
    const candidates = extractVisiblePrices(load(html), { country: 'GB' });
    expect(candidates[0]?.amount).toBe('29.40');
    expect(candidates[0]?.where).not.toContain('list of items');
  });

  it('still sees look-alike items that hold their price at the same place as a list', () => {
    const card = (p: string) =>
      `<li class="card"><a href="/p"><b>Lamp</b></a><div><span class="price">£${p}</span></div></li>`;
    const html = shop(
      '<span class="price">£19.00</span>',
      `<ul>${card('9.00')}${card('11.00')}${card('12.00')}</ul>`,
    );
    const candidates = extractVisiblePrices(load(html), { country: 'GB' });
    expect(candidates[0]?.amount).toBe('19.00');
    expect(candidates.find((c) => c.amount === '9.00')?.where).toContain('list of items');
  });

  it('takes a lone regular-price name for the price, but not one next to a sale price', () => {
    const lone = top(
      shop(
        '<p>Solid walnut, brass switch.</p><div class="price-box"><span class="regular-price">£20.00</span></div>',
      ),
    );
    expect(lone?.amount).toBe('20.00');
    expect(lone?.score).toBeGreaterThanOrEqual(4);
    const sale = extractVisiblePrices(
      load(
        shop(
          '<div class="price-box"><span class="old-price">£25.00</span> <span class="special-price">£20.00</span></div>',
        ),
      ),
      { country: 'GB' },
    );
    expect(sale[0]?.amount).toBe('20.00');
    expect(sale.find((c) => c.amount === '25.00')?.where).toContain('other-price-name');
  });

  it('measures closeness to the heading that names the product, not to a pop-up heading', () => {
    const html = `<html><head><title>Walnut desk lamp | Shop</title></head><body>
      <div class="layer"><h1>Adding to basket...</h1><span class="price">£4.99</span></div>
      <main><div class="product"><h1>Walnut desk lamp</h1><span class="price">£39.00</span></div></main>
      </body></html>`;
    expect(top(html)?.amount).toBe('39.00');
  });

  it('finds the buy-box price on a corpus page without structured data', () => {
    const amazon = corpusPage('01efbb74');
    expect(top(amazon.html, null)?.amount).toBe('87.11');
  });
});
