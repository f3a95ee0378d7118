/**
 * What the demo shop answers for a path, as plain data and a render function: the server only adds
 * the delay and writes it out, so the pages can be tested without a socket.
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

export interface DemoRoute {
  readonly status: number;
  readonly contentType: string;
  /** The answer is held back by the shop's slow delay. */
  readonly slow: boolean;
  /** The body at a time; `origin` is the shop's own address, for canonical links. */
  render(timeMs: number, origin: string): string;
}

const RENDERERS: Readonly<Record<Markup, (view: ProductView, origin: string) => string>> = {
  'json-ld': jsonLdPage,
  microdata: microdataPage,
  rdfa: rdfaPage,
  'meta-tags': metaTagsPage,
  visible: visiblePricePage,
  sale: salePage,
};

/** The route for a request path (query string already removed); unknown paths get a 404 page. */
export function route(path: string): DemoRoute {
  if (path === '/') return htmlRoute(200, () => startPage());
  if (path === '/robots.txt') return { status: 200, contentType: TEXT_TYPE, slow: false, render: robotsTxt };
  const page = pageAt(path);
  if (page) return productRoute(page);
  const shop = shopOfPath(path);
  if (shop && (path === `/${shop.id}` || path === `/${shop.id}/`)) {
    return htmlRoute(200, (timeMs) => shopHomePage(shop, timeMs));
  }
  return htmlRoute(404, () => notFoundPage(shop, path));
}

function productRoute(page: DemoPage): DemoRoute {
  if (page.failure === 'server-error') return htmlRoute(500, () => serverErrorPage(SHOPS[page.shop]));
  return {
    status: 200,
    contentType: HTML_TYPE,
    slow: page.failure === 'slow',
    render: (timeMs, origin) => RENDERERS[page.markup](productView(page, timeMs), origin),
  };
}

function htmlRoute(status: number, render: (timeMs: number) => string): DemoRoute {
  return { status, contentType: HTML_TYPE, slow: false, render };
}

function shopOfPath(path: string): Shop | undefined {
  const id = path.split('/')[1] ?? '';
  return Object.values(SHOPS).find((shop) => shop.id === id);
}
