/** Pieces of a product page every markup style uses: picture, stock line, buy form, details. */
import { type DemoPage, type Offer, offerAt, productOf } from '../demo-pages';
import { html, type SafeHtml } from '../html';
import type { ShopProduct } from '../products';
import { formatMoney, SHOPS, type Shop } from '../shops';
import { shopHome } from './layout';
import { productImage } from './product-image';

/** Everything a page module needs to render one product page at one tick. */
export interface ProductView {
  readonly page: DemoPage;
  readonly shop: Shop;
  readonly product: ShopProduct;
  readonly offer: Offer;
  /** The shown price: '£39.99'. */
  readonly price: string;
}

export function productView(page: DemoPage, tick: number): ProductView {
  const shop = SHOPS[page.shop];
  const offer = offerAt(page, tick);
  return {
    page,
    shop,
    product: productOf(page),
    offer,
    price: formatMoney(offer.pricePence, offer.currency),
  };
}

export function picture({ product, shop }: ProductView): SafeHtml {
  return productImage(product.glyph, shop.colour, product.name);
}

/**
 * The stock line and buy form. Out of stock, the button is disabled and says so, and a 'notify me'
 * button takes its place, as shops do.
 */
export function buyForm({ shop, product, offer }: ProductView, soldOutText = 'Sold out'): SafeHtml {
  const stock = offer.inStock
    ? html`<p class="stock stock--in">In stock – order by 8pm for next-day delivery</p>`
    : html`<p class="stock stock--out">${soldOutText}</p>`;
  const button = offer.inStock
    ? html`<button type="submit" class="buy-button">Add to basket</button>`
    : html`<button type="submit" class="buy-button" disabled>${soldOutText}</button>
    <button type="button" class="notify-button">Email me when it's back</button>`;
  return html`${stock}
  <form class="add-to-basket" action="${shopHome(shop)}" method="get">
    <input type="hidden" name="item" value="${product.mpn}">
    <label>Qty <input type="number" name="qty" value="1" min="1" max="5"></label>
    ${button}
  </form>`;
}

/** Description and specification table. */
export function details({ product }: ProductView): SafeHtml {
  return html`<section class="product-details">
  <h2>Product details</h2>
  <p>${product.description}</p>
  <table class="specs">
    <tbody>${product.specs.map(([label, value]) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`)}</tbody>
  </table>
  <p class="part-number">Manufacturer part no. ${product.mpn}</p>
</section>`;
}

/** The breadcrumb trail of a product page. */
export function crumbs({ product }: ProductView): string[] {
  return [product.category, product.name];
}
