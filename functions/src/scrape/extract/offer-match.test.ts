import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page';

const URL_UK = 'https://shop.example.co.uk/p/kettle';

const page = (ld: object, visible = '') => `<html><head>
  <script type="application/ld+json">${JSON.stringify(ld)}</script>
  <title>Kettle | Shop</title></head><body><main><div class="product">
  <h1>Steel kettle 1.7 l</h1>${visible}<button>Add to basket</button></div></main></body></html>`;

const offer = (price: string, extra: object = {}) => ({
  '@type': 'Offer',
  price,
  priceCurrency: 'GBP',
  availability: 'https://schema.org/InStock',
  ...extra,
});

/** A kettle in two sizes, each variant with its own identifiers. */
const variants = {
  '@context': 'https://schema.org',
  '@type': 'ProductGroup',
  name: 'Steel kettle',
  hasVariant: [
    { '@type': 'Product', sku: 'C-KT-S', gtin13: '5012345678900', mpn: 'KT17-S', offers: offer('20.00') },
    { '@type': 'Product', sku: 'C-KT-L', gtin13: '5012345678917', mpn: 'KT17-L', offers: offer('26.00') },
  ],
};
const shown = '<p class="price">£20.00</p><p class="price">£26.00</p>';

describe('offer matching', () => {
  it.each([
    ['its GTIN', { gtin: '5012345678917' }],
    ['its GTIN-14 form', { gtin: '05012345678917' }],
    ['its MPN, in any case', { mpn: 'kt17-l' }],
    ['its SKU', { sku: 'C-KT-L' }],
  ])('picks the variant whose offer carries %s', async (_, hints) => {
    const result = await extractPage(page(variants, shown), URL_UK, { hints });
    expect(result).toMatchObject({ outcome: 'ok', price: '26.00' });
  });

  it('keeps the page’s own choice when no offer carries our identifiers', async () => {
    const single = { ...variants, hasVariant: [variants.hasVariant[0]] };
    const result = await extractPage(page(single, '<p class="price">£20.00</p>'), URL_UK, {
      hints: { sku: 'OUR-OWN-SKU', mpn: 'NOT-THERE' },
    });
    expect(result).toMatchObject({ outcome: 'ok', price: '20.00' });
  });

  it('calls a page whose product carries another GTIN the wrong product, with no price', async () => {
    const other = {
      '@type': 'Product',
      name: 'Steel kettle 1.2 l',
      gtin13: '5012345678924',
      offers: offer('18.00'),
    };
    const result = await extractPage(page(other, '<p class="price">£18.00</p>'), URL_UK, {
      hints: { gtin: '5012345678917' },
    });
    expect(result).toMatchObject({ outcome: 'wrong_product', price: null, confidence: 0 });
    expect(result.message).toBe('Wrong product: the page is for GTIN 5012345678924, ours is 5012345678917');
  });

  it('does not call the page wrong when its product carries no GTIN, or we have none', async () => {
    const noGtin = { '@type': 'Product', name: 'Steel kettle', offers: offer('18.00') };
    const withGtin = { ...noGtin, gtin13: '5012345678924' };
    const visible = '<p class="price">£18.00</p>';
    expect(
      (await extractPage(page(noGtin, visible), URL_UK, { hints: { gtin: '5012345678917' } })).outcome,
    ).toBe('ok');
    expect((await extractPage(page(withGtin, visible), URL_UK, { hints: { sku: 'KT' } })).outcome).toBe('ok');
  });
});

describe('offer condition', () => {
  it.each([
    ['schema.org UsedCondition', { itemCondition: 'https://schema.org/UsedCondition' }],
    ['schema.org RefurbishedCondition', { itemCondition: 'http://schema.org/RefurbishedCondition' }],
    ['an open-box offer name', { name: 'Open box – as new' }],
    ['a marketplace seller', { seller: { '@type': 'Organization', name: 'Marketplace seller: BargainCo' } }],
  ])('leaves out an offer marked by %s when a new one exists', async (_, marks) => {
    const ld = {
      '@type': 'Product',
      name: 'Steel kettle',
      offers: [offer('15.00', marks), offer('24.99', { itemCondition: 'https://schema.org/NewCondition' })],
    };
    // Both prices shown, as a 'new' and a 'used' box: only the condition tells them apart.
    const visible = '<p class="price">£15.00</p><p class="price">£24.99</p>';
    const result = await extractPage(page(ld, visible), URL_UK);
    expect(result).toMatchObject({ outcome: 'ok', price: '24.99' });
    expect(result.analysis).toContain('not in new condition');
  });

  it('takes an offer without a condition as new', async () => {
    const ld = {
      '@type': 'Product',
      name: 'Steel kettle',
      offers: [offer('15.00', { itemCondition: 'UsedCondition' }), offer('24.99')],
    };
    const result = await extractPage(page(ld, '<p class="price">£24.99</p>'), URL_UK);
    expect(result.price).toBe('24.99');
  });

  it('still reads a page that only sells the product used', async () => {
    const ld = {
      '@type': 'Product',
      name: 'Steel kettle',
      offers: offer('15.00', { itemCondition: 'UsedCondition' }),
    };
    const result = await extractPage(page(ld, '<p class="price">£15.00</p>'), URL_UK);
    expect(result.price).toBe('15.00');
  });
});
