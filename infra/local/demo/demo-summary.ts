/**
 * What `npm start` says the demo holds: the shops and their addresses, the catalogue's size, and
 * which competitor URLs fail on purpose and why (from the pages' own failure kinds), so a newcomer
 * does not mistake them for bugs.
 */
import { demoCatalogue } from './demo-catalogue';
import { FAILURE_REASONS, pageAt } from './demo-pages';
import { SHOPS, shopOrigin } from './shops';

/** The lines describing the demo served by a demo shop on `port`, whose plain address is `origin`. */
export function demoSummary(port: number, origin: string): string[] {
  const { products, competitorUrls } = demoCatalogue(port);
  const failing = competitorUrls.flatMap(({ url }) => {
    const failure = pageAt(new URL(url).pathname)?.failure;
    return failure ? [`  ${url} — ${FAILURE_REASONS[failure]}`] : [];
  });
  const shops = Object.values(SHOPS);
  return [
    `The demo shop (${origin}, its start page lists every page) plays ${shops.length} competitors:`,
    ...shops.map((shop) => `  ${shop.name}: ${shopOrigin(shop, port)}`),
    `The demo catalogue (seeded on the first start): ${products.length} products, ${competitorUrls.length} competitor URLs; their prices move on every check.`,
    `${failing.length} of its URLs fail on purpose, to show how failures look:`,
    ...failing,
  ];
}
