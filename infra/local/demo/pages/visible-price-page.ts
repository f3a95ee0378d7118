/** A hand-built shop page with no structured data at all: the price is only in the visible text. */
import { html } from '../html';
import { layout } from './layout';
import { buyForm, crumbs, details, type ProductView, picture } from './product-parts';

export function visiblePricePage(view: ProductView): string {
  const { shop, product, price } = view;
  return layout({
    shop,
    title: product.name,
    breadcrumbs: crumbs(view),
    related: true,
    main: html`<div class="product">
  <div class="product-media">${picture(view)}</div>
  <div class="product-main">
    <h1 class="page-title">${product.name}</h1>
    <p class="brand">By ${product.brand}</p>
    <div class="price-box"><span class="price">${price}</span></div>
    ${buyForm(view)}
    <p class="click-collect">Click &amp; collect from our York store.</p>
  </div>
</div>
${details(view)}`,
  });
}
