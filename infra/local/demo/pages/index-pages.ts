/** The start page listing every demo page, and each shop's home page with its product grid. */
import { DEMO_PAGES, type DemoPage, type Failure, type Markup } from '../demo-pages';
import { html } from '../html';
import { formatMoney, SHOPS, type Shop } from '../shops';
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

const FAILURE_NOTES: Readonly<Record<Failure, string>> = {
  'server-error': 'answers HTTP 500',
  slow: 'answers only after a long delay (longer than the scraper waits)',
  'robots-disallowed': 'disallowed by robots.txt',
};

function describe(page: DemoPage): string {
  const stock =
    page.stock === 'flips' ? ', stock comes and goes' : page.stock === 'out-of-stock' ? ', sold out' : '';
  const failure = page.failure ? ` — ${FAILURE_NOTES[page.failure]}` : '';
  return `${MARKUP_NOTES[page.markup]}${stock}${page.drifts ? '' : ', price held'}${failure}`;
}

/** The demo shop's own start page: what each page is for, for whoever opens it in a browser. */
export function startPage(): string {
  return `<!DOCTYPE html>\n${html`<html lang="en-GB"><head><meta charset="utf-8"><title>Check My Price demo shops</title></head>
<body>
<h1>Check My Price demo shops</h1>
<p>Competitor pages for the offline demo. Prices drift every 10 minutes.</p>
${Object.values(SHOPS).map(
  (shop) => html`<h2><a href="/${shop.id}/">${shop.name}</a> (${shop.currency})</h2>
<ul>${DEMO_PAGES.filter((p) => p.shop === shop.id).map(
    (p) => html`<li><a href="${p.path}">${p.path}</a>: ${describe(p)}</li>`,
  )}</ul>`,
)}
<p><a href="/robots.txt">robots.txt</a></p>
</body></html>
`}`;
}

/** A shop's home page: its products with their current prices, as a listing grid. */
export function shopHomePage(shop: Shop, timeMs: number): string {
  const items = DEMO_PAGES.filter((p) => p.shop === shop.id).map((p) => productView(p, timeMs));
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
