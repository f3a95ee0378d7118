/** The start page listing every demo page, and each shop's home page with its product grid. */
import { DEMO_PAGES, type DemoPage, FAILURE_REASONS, type Markup } from '../demo-pages';
import { html } from '../html';
import { formatMoney, SHOPS, type Shop, shopOrigin } from '../shops';
import { layout } from './layout';
import { productView } from './product-parts';

const MARKUP_NOTES: Readonly<Record<Markup, string>> = {
  'json-ld': 'JSON-LD Product / Offer',
  microdata: 'microdata only',
  rdfa: 'RDFa only',
  'meta-tags': 'OpenGraph / product meta tags only',
  visible: 'visible price only, no structured data',
  sale: "sale price next to a crossed-out 'was' price, no structured data",
};

function describe(page: DemoPage): string {
  const stock =
    page.stock === 'flips' ? ', stock comes and goes' : page.stock === 'out-of-stock' ? ', sold out' : '';
  const failure = page.failure ? ` — ${FAILURE_REASONS[page.failure]}` : '';
  return `${MARKUP_NOTES[page.markup]}${stock}${page.drifts ? '' : ', price held'}${failure}`;
}

/**
 * The demo shop's own start page, on its plain address: what each page is for, linked under its
 * shop's host name (`port`: the shop server's port).
 */
export function startPage(port: number): string {
  return `<!DOCTYPE html>\n${html`<html lang="en-GB"><head><meta charset="utf-8"><title>Check My Price demo shops</title></head>
<body>
<h1>Check My Price demo shops</h1>
<p>Competitor pages for the offline demo. A page's price moves each time it is shown, so every price check reads a new one.</p>
${Object.values(SHOPS).map((shop) => {
  const origin = shopOrigin(shop, port);
  return html`<h2><a href="${origin}/">${shop.name}</a> (${shop.host}, ${shop.currency})</h2>
<ul>${DEMO_PAGES.filter((p) => p.shop === shop.id).map(
    (p) => html`<li><a href="${origin}${p.path}">${p.path}</a>: ${describe(p)}</li>`,
  )}</ul>`;
})}
<p><a href="/robots.txt">robots.txt</a></p>
</body></html>
`}`;
}

/** A shop's home page: its products with the prices their pages show next, as a listing grid. */
export function shopHomePage(shop: Shop, tickOf: (page: DemoPage) => number): string {
  const items = DEMO_PAGES.filter((p) => p.shop === shop.id).map((p) => productView(p, tickOf(p)));
  return layout({
    shop,
    title: 'Home',
    breadcrumbs: ['All products'],
    main: html`<h1>${shop.name}</h1>
<ul class="product-grid listing">${items.map(
      (item) => html`
  <li class="product-card">
    <a class="product-card__name" href="${item.page.path}">${item.product.name}</a>
    <span class="product-card__price">${formatMoney(item.offer.pricePence, item.offer.currency)}</span>
  </li>`,
    )}
</ul>`,
  });
}
