/** A page marked up with schema.org RDFa (vocab / typeof / property), as some CMS themes do. */
import { html } from '../html';
import { machinePrice } from '../shops';
import { layout } from './layout';
import { buyForm, crumbs, details, type ProductView, picture } from './product-parts';

export function rdfaPage(view: ProductView): string {
  const { shop, product, offer, price } = view;
  const availability = offer.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return layout({
    shop,
    title: product.name,
    breadcrumbs: crumbs(view),
    related: true,
    main: html`<article class="pdp" vocab="https://schema.org/" typeof="Product">
  <div class="pdp-gallery">${picture(view)}</div>
  <div class="pdp-summary">
    <span class="pdp-brand" property="brand" typeof="Brand"><span property="name">${product.brand}</span></span>
    <h1 class="pdp-title" property="name">${product.name}</h1>
    <meta property="mpn" content="${product.mpn}">
    <div class="pdp-price" property="offers" typeof="Offer">
      <meta property="priceCurrency" content="${offer.currency}">
      <span class="pdp-price__current" property="price" content="${machinePrice(offer.pricePence)}">${price}</span>
      <link property="availability" href="${availability}">
      <span class="price-promise">Price match promise</span>
    </div>
    ${buyForm(view)}
    <p property="description">${product.description}</p>
  </div>
</article>
${details(view)}`,
  });
}
