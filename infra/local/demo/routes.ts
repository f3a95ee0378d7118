/**
 * What the demo shop answers for a path on a host, as plain data and a render function: the server
 * only adds the delay and writes it out, so the pages can be tested without a socket.
 */
import { type DemoPage, type Markup, pageAt } from './demo-pages';
import { shopHomePage, startPage } from './pages/index-pages';
import { jsonLdPage } from './pages/json-ld-page';
import { metaTagsPage } from './pages/meta-tags-page';
import { microdataPage } from './pages/microdata-page';
import { type ProductView, productView } from './pages/product-parts';
import { rdfaPage } from './pages/rdfa-page';
import { robotsTxt } from './pages/robots-txt';
import { salePage } from './pages/sale-page';
import { notFoundPage, serverErrorPage } from './pages/status-pages';
import { visiblePricePage } from './pages/visible-price-page';
import { SHOPS, type Shop } from './shops';

export const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The tick each page shows now (price-drift.ts). */
export type TickOf = (page: DemoPage) => number;

export interface DemoRoute {
  readonly status: number;
  readonly contentType: string;
  /** The answer is held back by the shop's slow delay. */
  readonly slow: boolean;
  /** The product page whose price this answer shows: showing it moves the page on a tick. */
  readonly shows?: DemoPage;
  /** The body; `origin` is the address it was asked at ('http://brightway.localhost:3100'), for canonical links. */
  render(tickOf: TickOf, origin: string): string;
}

const RENDERERS: Readonly<Record<Markup, (view: ProductView, origin: string) => string>> = {
  'json-ld': jsonLdPage,
  microdata: microdataPage,
  rdfa: rdfaPage,
  'meta-tags': metaTagsPage,
  visible: visiblePricePage,
  sale: salePage,
};

/**
 * The route for a request path (query string already removed) on a shop's host, or on the server's
 * plain address (no shop), which lists every shop at / and still serves every shop's pages (demo data
 * seeded before the shops had host names). A shop's host serves only its own pages; others get a 404.
 */
export function route(path: string, host?: Shop): DemoRoute {
  if (path === '/robots.txt') return { status: 200, contentType: TEXT_TYPE, slow: false, render: robotsTxt };
  if (path === '/') {
    if (host) return htmlRoute(200, (tickOf) => shopHomePage(host, tickOf));
    return htmlRoute(200, (_tickOf, origin) => startPage(Number(new URL(origin).port)));
  }
  const shop = shopOfPath(path);
  const served = shop && (!host || host === shop) ? shop : undefined;
  const page = served && pageAt(path);
  if (page) return productRoute(page);
  if (served && (path === `/${served.id}` || path === `/${served.id}/`)) {
    return htmlRoute(200, (tickOf) => shopHomePage(served, tickOf));
  }
  return htmlRoute(404, () => notFoundPage(host ?? shop, path));
}

function productRoute(page: DemoPage): DemoRoute {
  if (page.failure === 'server-error') return htmlRoute(500, () => serverErrorPage(SHOPS[page.shop]));
  return {
    status: 200,
    contentType: HTML_TYPE,
    slow: page.failure === 'slow',
    shows: page,
    render: (tickOf, origin) => RENDERERS[page.markup](productView(page, tickOf(page)), origin),
  };
}

function htmlRoute(status: number, render: DemoRoute['render']): DemoRoute {
  return { status, contentType: HTML_TYPE, slow: false, render };
}

function shopOfPath(path: string): Shop | undefined {
  const id = path.split('/')[1] ?? '';
  return Object.values(SHOPS).find((shop) => shop.id === id);
}
