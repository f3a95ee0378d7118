import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page';

/**
 * Sale pages whose structured data keeps the old price, and shops whose structured price is net of
 * VAT: the price in the buy box is the offer, and the analysis says why (docs/rules.md#extraction).
 */

const page = (opts: { url?: string; ld?: object; buyBox: string; head?: string; extra?: string }) =>
  `<html><head>${opts.head ?? ''}
  ${opts.ld ? `<script type="application/ld+json">${JSON.stringify(opts.ld)}</script>` : ''}
  <title>Steel kettle | Shop</title></head><body>
  <header class="site-header">Basket</header>
  <main><div class="product"><h1>Steel kettle 1.7 l</h1>
  <div class="buy-box">${opts.buyBox}<button>Add to basket</button></div></div>${opts.extra ?? ''}</main>
  </body></html>`;

const ld = (price: string, currency = 'GBP') => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Steel kettle',
  offers: { '@type': 'Offer', price, priceCurrency: currency, availability: 'https://schema.org/InStock' },
});

const UK = 'https://shop.example.co.uk/p/kettle';

describe('a sale page whose structured data gives the struck-through old price', () => {
  it.each([
    ['<del>', '<del>£129.99</del> <span class="price">£99.99</span>'],
    ['<s>', '<s>£129.99</s> <span class="price">£99.99</span>'],
    ['<strike>', '<strike>£129.99</strike> <span class="price">£99.99</span>'],
    [
      'an inline line-through style',
      '<span style="text-decoration: line-through">£129.99</span> <span class="price">£99.99</span>',
    ],
    ['an old-price class', '<span class="old-price">£129.99</span> <span class="price">£99.99</span>'],
    ["a 'Was' label", '<span>Was £129.99</span> <span class="price">Now £99.99</span>'],
    ["an 'RRP' label", '<span>RRP: £129.99</span> <span class="price">£99.99</span>'],
    ["a 'List Price' label", '<span>List Price: £129.99</span> <span class="price">£99.99</span>'],
    ["an 'Old price' label", '<span>Old price £129.99</span> <span class="price">£99.99</span>'],
    ['a compare-at class', '<span class="compare-at-price">£129.99</span> <span class="price">£99.99</span>'],
    ['a streichpreis class', '<span class="streichpreis">£129.99</span> <span class="preis">£99.99</span>'],
    [
      'an old-price box around the digits',
      `<div class="price-box"><span class="old-price"><span class="price-container"><span class="price-wrapper">
        <span class="price">£129.99</span></span></span></span>
        <span class="special-price"><span class="price-container"><span class="price-wrapper">
        <span class="price">£99.99</span></span></span></span></div>`,
    ],
  ])('takes the sale price beside it: %s', async (_, buyBox) => {
    const result = await extractPage(page({ ld: ld('129.99'), buyBox }), UK);

    expect(result).toMatchObject({ outcome: 'ok', price: '99.99', currency: 'GBP', tier: 'heuristic' });
    expect(result.confidence).toBeGreaterThanOrEqual(0.6);
    expect(result.analysis).toContain(
      "The structured price 129.99 is the 'was' price the page shows struck through beside 99.99",
    );
    expect(result.evidence[0]?.where).toContain(
      'the sale price; structured data gives the struck-through 129.99',
    );
  });

  it('reads a line-through from the page style sheet by class', async () => {
    const result = await extractPage(
      page({
        head: '<style>@media screen { .product .vorher, .alt { color: #888; text-decoration: line-through } }</style>',
        ld: ld('149.00', 'EUR'),
        buyBox: '<span class="vorher">149,00 €</span> <span class="preis">119,00 €</span>',
      }),
      'https://shop.example.de/p/kessel',
    );

    expect(result).toMatchObject({ outcome: 'ok', price: '119.00', currency: 'EUR' });
  });

  it.each([
    ['UVP', 'https://shop.example.de/p/k', '<span>UVP 149,00 €</span> <span class="preis">119,00 €</span>'],
    ['statt', 'https://shop.example.de/p/k', '<span>statt 149,00 €</span> <b class="preis">119,00 €</b>'],
    ['antes', 'https://tienda.example.es/p/k', '<span>Antes: 149,00 €</span> <b class="precio">119,00 €</b>'],
    ['avant', 'https://boutique.example.fr/p/k', '<span>Avant 149,00 €</span> <b class="prix">119,00 €</b>'],
    ['prima', 'https://negozio.example.it/p/k', '<span>Prima 149,00 €</span> <b class="prezzo">119,00 €</b>'],
    ['było', 'https://sklep.example.pl/p/k', '<span>Było: 149,00 zł</span> <b class="cena">119,00 zł</b>'],
  ])("takes the sale price after '%s'", async (_, url, buyBox) => {
    const currency = url.endsWith('.pl/p/k') ? 'PLN' : 'EUR';
    const result = await extractPage(page({ ld: ld('149.00', currency), buyBox }), url);

    expect(result).toMatchObject({ outcome: 'ok', price: '119.00', currency });
  });

  it('keeps a structured sale price that the buy box shows beside the struck one', async () => {
    const result = await extractPage(
      page({ ld: ld('99.99'), buyBox: '<del>£129.99</del> <span class="price">£99.99</span>' }),
      UK,
    );

    expect(result).toMatchObject({ outcome: 'ok', price: '99.99', tier: 'structured', sources: 2 });
  });

  it('does not take a carousel price for the sale price', async () => {
    const carousel = `<section class="related-products"><ul>
      <li class="item"><a>Toaster</a> <span class="price">£39.99</span></li>
      <li class="item"><a>Blender</a> <span class="price">£49.99</span></li>
      <li class="item"><a>Mixer</a> <span class="price">£59.99</span></li></ul></section>`;
    const result = await extractPage(
      page({ ld: ld('129.99'), buyBox: '<del>£129.99</del>', extra: carousel }),
      UK,
    );

    expect(result.price).not.toBe('39.99');
    expect(result.price).not.toBe('49.99');
    expect(result.price).not.toBe('59.99');
  });
});

describe('a structured price net of VAT', () => {
  it("loses to the buy box's price with the VAT of the page's country", async () => {
    const result = await extractPage(
      page({ ld: ld('84.03', 'EUR'), buyBox: '<span class="price">100,00 €</span>' }),
      'https://shop.example.de/p/kessel',
    );

    expect(result).toMatchObject({ outcome: 'ok', price: '100.00', currency: 'EUR' });
    expect(result.analysis).toContain('The structured price 84.03 is 100.00 net of 19 % VAT');
  });

  it('is not assumed where no VAT rate of the country fits', async () => {
    const result = await extractPage(
      page({ ld: ld('80.00', 'EUR'), buyBox: '<span class="price">100,00 €</span>' }),
      'https://shop.example.de/p/kessel',
    );

    expect(result.price).not.toBe('100.00');
    expect(result.analysis).not.toContain('net of');
  });
});

describe('structured prices that disagree', () => {
  const microdata = (
    prices: string[],
    shown: string,
  ) => `<html><head><title>Steel kettle | Shop</title></head>
    <body><main><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Steel kettle</h1>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    ${prices.map((p) => `<meta itemprop="price" content="${p}">`).join('')}
    <meta itemprop="priceCurrency" content="GBP"></div>
    <div class="buy-box">${shown}<button>Add to basket</button></div></div></main></body></html>`;

  it('take the one the buy box shows', async () => {
    const result = await extractPage(microdata(['129.99', '99.99'], '<span class="price">£99.99</span>'), UK);

    expect(result).toMatchObject({ outcome: 'ok', price: '99.99' });
  });

  it('take the JSON-LD or the Open Graph price by what the buy box shows', async () => {
    const html = page({
      head: '<meta property="og:price:amount" content="119.00"><meta property="og:price:currency" content="GBP">',
      ld: ld('129.00'),
      buyBox: '<span class="price">£119.00</span>',
    });

    expect(await extractPage(html, UK)).toMatchObject({ outcome: 'ok', price: '119.00' });
  });

  it('are held for review with each in the evidence when the page shows none of them', async () => {
    const result = await extractPage(microdata(['129.99', '99.99'], ''), UK);

    expect(result).toMatchObject({
      outcome: 'review',
      price: null,
      message:
        "Held for review: the page's structured prices disagree (129.99 vs 99.99) and it shows none of them",
    });
    expect(result.evidence.map((e) => e.snippet).join(' ')).toMatch(/129\.99.*99\.99|99\.99.*129\.99/);
  });
});

describe('a page without structured data', () => {
  const shop = (buyBox: string) => `<html><head><title>Shop</title></head><body>
    <div class="page"><div class="content"><div class="col"><div class="inner"><div class="wrap">
      <div class="heading"><span class="product-name">Steel kettle 1.7 l</span></div></div></div></div></div>
    <div class="product-info">${buyBox}</div>
    <section class="related-products"><ul>
      <li class="item"><a>Toaster</a> <span class="price">£39.99</span> <button>Add to basket</button></li>
      <li class="item"><a>Blender</a> <span class="price">£49.99</span> <button>Add to basket</button></li>
      <li class="item"><a>Mixer</a> <span class="price">£59.99</span> <button>Add to basket</button></li>
    </ul></section></div></body></html>`;

  it.each([
    ['a button', '<div class="box"><span class="amount">£24.99</span><button>Add to basket</button></div>'],
    [
      'a form by its action',
      '<form action="/cart/add"><span class="amount">£24.99</span><input type="hidden" name="id" value="7"><input type="submit" value="Buy"></form>',
    ],
    ['a button in German', '<div class="box"><b>24,99 £</b><button>In den Warenkorb</button></div>'],
  ])("takes the price next to the buy control (%s), not a carousel's", async (_, buyBox) => {
    const result = await extractPage(shop(buyBox), UK);

    expect(result).toMatchObject({ outcome: 'ok', price: '24.99', tier: 'heuristic' });
  });
});
