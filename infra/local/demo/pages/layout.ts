/**
 * The page shell every demo shop shares: banner, header, navigation, breadcrumbs, footer. Each shop
 * gets its own name, colour and wording, so the pages look like different competitors.
 */
import { html, type SafeHtml } from '../html';
import { formatMoney, type Shop } from '../shops';

export interface LayoutInput {
  readonly shop: Shop;
  readonly title: string;
  /** Extra head content: meta tags, JSON-LD. */
  readonly head?: SafeHtml;
  /** Trail from the shop home to the current page; the last entry is the current page. */
  readonly breadcrumbs: readonly string[];
  readonly main: SafeHtml;
  /** Product pages list other products under the buy box; error pages do not. */
  readonly related?: boolean;
}

/** Where a shop's home lives; the shop id is the first path segment of all its pages. */
export function shopHome(shop: Shop): string {
  return `/${shop.id}/`;
}

/** A complete HTML document in the shop's look. */
export function layout({ shop, title, head, breadcrumbs, main, related = false }: LayoutInput): string {
  const home = shopHome(shop);
  return `<!DOCTYPE html>\n${html`<html lang="${shop.currency === 'EUR' ? 'en-IE' : 'en-GB'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | ${shop.name}</title>
${head}
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1f2933; }
  .banner { background: ${shop.colour}; color: #fff; text-align: center; padding: 6px; font-size: 14px; }
  .site-header, .main-nav ul, main, .site-footer { max-width: 1080px; margin: 0 auto; padding: 12px 16px; }
  .site-header { display: flex; gap: 24px; align-items: center; }
  .logo { font-size: 24px; font-weight: 700; color: ${shop.colour}; text-decoration: none; }
  .main-nav { border-top: 1px solid #e5e7eb; border-bottom: 1px solid #e5e7eb; }
  .main-nav ul, .breadcrumbs ol, .product-grid { list-style: none; display: flex; gap: 20px; padding-left: 0; }
  .breadcrumbs li + li::before { content: '›'; margin-right: 8px; color: #9aa5b1; }
  .product { display: grid; grid-template-columns: 340px 1fr; gap: 32px; }
  .buy-button { background: ${shop.colour}; color: #fff; border: 0; padding: 12px 28px; font-size: 16px; }
  .buy-button[disabled] { background: #9aa5b1; }
  del { color: #7b8794; }
  .site-footer { border-top: 1px solid #e5e7eb; color: #52606d; font-size: 14px; }
</style>
</head>
<body>
<div class="banner">${shop.banner}</div>
<header class="site-header">
  <a class="logo" href="${home}">${shop.name}</a>
  <span class="tagline">${shop.tagline}</span>
  <form class="search" role="search" action="${home}" method="get">
    <input type="search" name="q" placeholder="Search ${shop.name}" aria-label="Search">
    <button type="submit">Search</button>
  </form>
  <a class="basket-link" href="${home}">Basket (0)</a>
</header>
<nav class="main-nav" aria-label="Departments">
  <ul>${shop.nav.map((item) => html`<li><a href="${home}">${item}</a></li>`)}</ul>
</nav>
<main>
<nav class="breadcrumbs" aria-label="Breadcrumb">
  <ol><li><a href="${home}">Home</a></li>${breadcrumbs.map((crumb, i) =>
    i === breadcrumbs.length - 1
      ? html`<li aria-current="page">${crumb}</li>`
      : html`<li><a href="${home}">${crumb}</a></li>`,
  )}</ol>
</nav>
${main}
${related && relatedProducts(shop)}
</main>
<footer class="site-footer">
  <ul class="footer-links">
    <li><a href="${home}">Delivery &amp; returns</a></li>
    <li><a href="${home}">Contact us</a></li>
    <li><a href="${home}">Privacy</a></li>
  </ul>
  <p>All prices include VAT. ${shop.address}.</p>
  <p>&copy; ${shop.name}</p>
</footer>
</body>
</html>
`}`;
}

/** Other products with their own prices, as every shop shows under the buy box. */
function relatedProducts(shop: Shop): SafeHtml {
  return html`<section class="related-products" aria-labelledby="related-title">
  <h2 id="related-title">Customers also bought</h2>
  <ul class="product-grid">${shop.related.map(
    (item) => html`
    <li class="product-card">
      <a class="product-card__name" href="${shopHome(shop)}">${item.name}</a>
      <span class="product-card__price">${formatMoney(item.pricePence, shop.currency)}</span>
    </li>`,
  )}
  </ul>
</section>`;
}
