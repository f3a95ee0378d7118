/** An older platform's product page: schema.org microdata woven through the body, no JSON-LD. */
import { html } from '../html';
import { machinePrice } from '../shops';
import { layout } from './layout';
import { buyForm, crumbs, details, type ProductView, picture } from './product-parts';

export function microdataPage(view: ProductView): string {
  const { shop, product, offer, price } = view;
  const availability = offer.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return layout({
    shop,
    title: product.name,
    breadcrumbs: crumbs(view),
    related: true,
    main: html`<div class="product" itemscope itemtype="https://schema.org/Product">
  <div class="product-media">${picture(view)}</div>
  <div class="product-main">
    <h1 class="page-title" itemprop="name">${product.name}</h1>
    <p class="brand">By <span itemprop="brand">${product.brand}</span></p>
    <meta itemprop="sku" content="${product.mpn}">
    <meta itemprop="gtin13" content="${product.gtin}">
    <div class="price-box" itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      <meta itemprop="priceCurrency" content="${offer.currency}">
      <span class="price" itemprop="price" content="${machinePrice(offer.pricePence)}">${price}</span>
      <link itemprop="availability" href="${availability}">
    </div>
    ${buyForm(view)}
    <p class="click-collect">Click &amp; collect from our York store.</p>
    <div class="description" itemprop="description">${product.description}</div>
  </div>
</div>
${details(view)}`,
  });
}
