/**
 * A sale page without structured data: the sale price next to the crossed-out 'was' price and the
 * saving, so the scraper has to tell which one the shopper pays.
 */
import { html } from '../html';
import { formatMoney } from '../shops';
import { layout } from './layout';
import { buyForm, crumbs, details, type ProductView, picture } from './product-parts';

export function salePage(view: ProductView): string {
  const { shop, product, offer, page, price } = view;
  const wasPence = page.wasPence ?? offer.pricePence;
  return layout({
    shop,
    title: product.name,
    breadcrumbs: crumbs(view),
    related: true,
    main: html`<section class="pdp">
  <div class="pdp-gallery"><span class="pdp-badge">Sale</span>${picture(view)}</div>
  <div class="pdp-summary">
    <p class="pdp-brand">${product.brand}</p>
    <h1 class="pdp-title">${product.name}</h1>
    <div class="pdp-price pdp-price--sale">
      <span class="pdp-price__current">Now ${price}</span>
      <span class="pdp-price__was">Was <del>${formatMoney(wasPence, offer.currency)}</del></span>
      <span class="pdp-price__saving">Save ${formatMoney(wasPence - offer.pricePence, offer.currency)}</span>
    </div>
    ${buyForm(view)}
  </div>
</section>
${details(view)}`,
  });
}
