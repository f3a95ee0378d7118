/** A page whose only structured data is OpenGraph / product meta tags in the head. */
import { html } from '../html';
import { machinePrice } from '../shops';
import { layout } from './layout';
import { buyForm, crumbs, details, type ProductView, picture } from './product-parts';

export function metaTagsPage(view: ProductView, origin: string): string {
  const { shop, product, offer, page, price } = view;
  return layout({
    shop,
    title: product.name,
    head: html`<meta property="og:type" content="product">
<meta property="og:site_name" content="${shop.name}">
<meta property="og:title" content="${product.name}">
<meta property="og:description" content="${product.description}">
<meta property="og:url" content="${origin}${page.path}">
<meta property="product:brand" content="${product.brand}">
<meta property="product:retailer_item_id" content="${product.mpn}">
<meta property="product:price:amount" content="${machinePrice(offer.pricePence)}">
<meta property="product:price:currency" content="${offer.currency}">
<meta property="product:availability" content="${offer.inStock ? 'in stock' : 'out of stock'}">
<meta property="product:condition" content="new">`,
    breadcrumbs: crumbs(view),
    related: true,
    main: html`<section class="pdp">
  <div class="pdp-gallery">${picture(view)}</div>
  <div class="pdp-summary">
    <p class="pdp-brand">${product.brand}</p>
    <h1 class="pdp-title">${product.name}</h1>
    <div class="pdp-price"><span class="pdp-price__current">${price}</span></div>
    ${buyForm(view)}
  </div>
</section>
${details(view)}`,
  });
}
