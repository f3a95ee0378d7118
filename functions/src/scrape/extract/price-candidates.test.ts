import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page';
import { CONTEXT_CHARS, PIN_GONE_MESSAGE } from './price-candidates';

const URL = 'https://shop.example.co.uk/p/kettle';

/** A shop page: a banner and a recommendation list around the product's own price. */
const shopPage = (opts: { price?: string | null; banner?: string; ld?: string; related?: string }) => `<html>
  <head><title>Kettle | Shop</title>${
    opts.ld
      ? `<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Steel kettle',
          offers: { '@type': 'Offer', price: opts.ld, priceCurrency: 'GBP' },
        })}</script>`
      : ''
  }</head>
  <body><div class="banner">${opts.banner ?? 'Free delivery over £50'}</div>
  <main><div id="product-main"><h1>Steel kettle 1.7 l</h1>
    <div class="offer-box"><span class="label">Club price</span> <span class="club">£21.00</span></div>
    ${opts.price === null ? '' : `<div class="buy"><span class="now">Now</span> <span class="amount">£${opts.price ?? '24.99'}</span><button>Add to basket</button></div>`}
  </div>
  <section class="related"><div class="tile"><a>Toaster</a> <span class="price">${opts.related ?? '£39.99'}</span></div>
  <div class="tile"><a>Mixer</a> <span class="price">£59.99</span></div></section></main></body></html>`;

describe('the prices a check considered', () => {
  it('lists each place once, structured first, the chosen one marked, with short context', async () => {
    const result = await extractPage(shopPage({ ld: '24.99' }), URL);
    const amounts = result.candidates.map((c) => `${c.source} ${c.amount}`);

    expect(amounts[0]).toBe('json-ld 24.99');
    expect(amounts).toEqual(expect.arrayContaining(['visible 24.99', 'visible 21.00', 'visible 39.99']));
    expect(result.candidates.map((c) => c.id)).toEqual(result.candidates.map((_, i) => i + 1));
    expect(result.candidates.filter((c) => c.chosen).map((c) => c.amount)).toEqual(['24.99']);
    for (const c of result.candidates) expect(c.context.length).toBeLessThanOrEqual(CONTEXT_CHARS);
  });
});

describe('a pinned price', () => {
  async function pinOf(amount: string, html = shopPage({})) {
    const first = await extractPage(html, URL);
    const candidate = first.candidates.find((c) => c.source === 'visible' && c.amount === amount);
    if (!candidate) throw new Error(`no candidate ${amount} in ${JSON.stringify(first.candidates)}`);
    return { locator: candidate.locator };
  }

  it('is read at its place on a later check, after the price and the page around it changed', async () => {
    const pin = await pinOf('21.00');
    const later = shopPage({ price: '23.50', banner: 'Winter sale: 10 % off kettles', related: '£35.00' });

    const result = await extractPage(later, URL, { pin });

    expect(result).toMatchObject({ outcome: 'ok', price: '21.00', tier: 'pinned', confidence: 0.9 });
    expect(result.evidence[0]?.source).toBe('pinned');
  });

  it('follows the price at its place when it changes', async () => {
    const pin = await pinOf('24.99');

    const result = await extractPage(shopPage({ price: '22.49' }), URL, { pin });

    expect(result).toMatchObject({ outcome: 'ok', price: '22.49', tier: 'pinned' });
  });

  it('wins over structured data that names another price', async () => {
    const pin = await pinOf('21.00', shopPage({ ld: '24.99' }));

    const result = await extractPage(shopPage({ ld: '24.99' }), URL, { pin });

    expect(result).toMatchObject({ outcome: 'ok', price: '21.00', tier: 'pinned' });
  });

  it('is held for review when its place is gone', async () => {
    const pin = await pinOf('24.99');

    const result = await extractPage(shopPage({ price: null }), URL, { pin });

    expect(result).toMatchObject({ outcome: 'review', message: PIN_GONE_MESSAGE, price: null });
  });

  it('can be a structured price, read at its path', async () => {
    const first = await extractPage(shopPage({ ld: '24.99' }), URL);
    const structured = first.candidates.find((c) => c.source === 'json-ld');

    const result = await extractPage(shopPage({ ld: '26.00', price: '26.00' }), URL, {
      pin: { locator: structured?.locator ?? '' },
    });

    expect(result).toMatchObject({ outcome: 'ok', price: '26.00', tier: 'pinned' });
  });
});
