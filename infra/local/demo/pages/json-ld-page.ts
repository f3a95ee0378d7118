/** A modern platform's product page: schema.org Product and BreadcrumbList as JSON-LD in the head. */
import { html, jsonScript } from '../html';
import { machinePrice } from '../shops';
import { layout, shopHome } from './layout';
import { buyForm, crumbs, details, type ProductView, picture } from './product-parts';

const AVAILABILITY = { true: 'https://schema.org/InStock', false: 'https://schema.org/OutOfStock' };

export function jsonLdPage(view: ProductView, origin: string): string {
  const { shop, product, offer, page, price } = view;
  const url = `${origin}${page.path}`;
  const productData = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.mpn,
    mpn: product.mpn,
    gtin13: product.gtin,
    brand: { '@type': 'Brand', name: product.brand },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: machinePrice(offer.pricePence),
      priceCurrency: offer.currency,
      availability: AVAILABILITY[`${offer.inStock}`],
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: shop.name },
    },
  };
  const breadcrumbData = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: ['Home', ...crumbs(view)].map((name, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: i === 0 ? `${origin}${shopHome(shop)}` : url,
    })),
  };
  return layout({
    shop,
    title: product.name,
    head: html`<link rel="canonical" href="${url}">
${jsonScript(productData)}
${jsonScript(breadcrumbData)}`,
    breadcrumbs: crumbs(view),
    related: true,
    main: html`<div class="product">
  <div class="product__media">${picture(view)}</div>
  <div class="product__info">
    <p class="product__vendor">${product.brand}</p>
    <h1 class="product__title">${product.name}</h1>
    <div class="product__price">
      <span class="price-item price-item--regular">${price}</span>
      <small class="tax-note">inc. VAT</small>
    </div>
    ${buyForm(view, 'Out of stock')}
    <p class="product__returns">Free 30-day returns. 2-year manufacturer warranty.</p>
  </div>
</div>
${details(view)}`,
  });
}
