import { describe, expect, it } from 'vitest';
import { productOnPage } from './page-product';

const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Shop</title>${head}</head><body>${body}</body></html>`;
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('the product on a competitor page', () => {
  it('reads name, brand, identifiers and price from JSON-LD, inside a @graph too', async () => {
    const html = page(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', name: 'Kettles' },
          {
            '@type': 'Product',
            name: ' Acme  Kettle KX-200 ',
            brand: { '@type': 'Brand', name: 'Acme' },
            gtin13: '4006381333931',
            sku: 'AC-1',
            offers: { '@type': 'Offer', price: '24.99', priceCurrency: 'GBP', mpn: 'KX-200' },
          },
        ],
      }),
    );
    expect(await productOnPage(html, 'https://shop.example/p/1')).toEqual({
      url: 'https://shop.example/p/1',
      name: 'Acme Kettle KX-200',
      brand: 'Acme',
      gtins: ['4006381333931'],
      mpn: 'KX-200',
      sku: 'AC-1',
      price: '24.99',
      currency: 'GBP',
    });
  });

  it('reads microdata', async () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Toaster T2</h1>
       <span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Borealis</span></span>
       <meta itemprop="gtin" content="96385074"><meta itemprop="mpn" content="T-2">
       <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="19.50">19,50 €</span></div></div>`,
    );
    expect(await productOnPage(html, 'https://shop.example/t2')).toMatchObject({
      name: 'Toaster T2',
      brand: 'Borealis',
      gtins: ['96385074'],
      mpn: 'T-2',
      price: '19.50',
      currency: 'EUR',
    });
  });

  it('takes a page without Product data but with a price, named by its heading', async () => {
    const html = page(
      '',
      '<h1>Desk Lamp L4</h1><div class="buy"><span class="price">£12.00</span><button>Add to basket</button></div>',
    );
    expect(await productOnPage(html, 'https://shop.example/l4')).toMatchObject({
      name: 'Desk Lamp L4',
      gtins: [],
      price: '12.00',
    });
  });

  it('is null for a page that is no product page', async () => {
    expect(
      await productOnPage(
        page('', '<h1>About us</h1><p>We sell kettles since 1990.</p>'),
        'https://shop.example/about',
      ),
    ).toBeNull();
  });
});
