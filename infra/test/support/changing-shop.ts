import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One page of the shop: what it answers, and how long it takes. */
export interface ShopPage {
  status: number;
  html: string;
  delayMs?: number;
  /** The page answers only once this settles (a test lets pages answer one by one: `heldPage()`). */
  heldUntil?: Promise<unknown>;
}

/** A gate for `ShopPage.heldUntil`: the page waits until the test calls `release()`. */
export function heldPage(): { heldUntil: Promise<void>; release: () => void } {
  let release = () => {};
  const heldUntil = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { heldUntil, release };
}

/**
 * A competitor shop on loopback whose pages a test sets and changes between runs (`pages.set(path,
 * page)`); any other path answers 404.
 */
export async function startChangingShop() {
  const pages = new Map<string, ShopPage>();
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) return res.writeHead(404).end();
    void (page.heldUntil ?? Promise.resolve()).then(() =>
      setTimeout(
        () => res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' }).end(page.html),
        page.delayMs ?? 0,
      ),
    );
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hostPort: new URL(origin).host,
    pages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A product page priced in GBP in its JSON-LD; `shown` puts the price in the buy box too (a second,
 * independent source, so the plausibility gate takes a jump at once).
 */
export function productPage(name: string, price: string, shown = true): string {
  const ld = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    offers: { '@type': 'Offer', price, priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
  });
  return `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">${ld}</script></head>
<body><main><h1>${name}</h1>${shown ? `<p class="price">£${price}</p>` : ''}<button>Add to basket</button>
${`<p>${name}: well made, well reviewed and delivered next day, with a two-year guarantee.</p>`.repeat(40)}
</main></body></html>`;
}

/** A bot-protection page instead of the product: the check ends 'blocked'. */
export const CAPTCHA_PAGE =
  '<!doctype html><title>Robot Check</title><h4>Enter the characters you see below</h4>' +
  "<p>Sorry, we just need to make sure you're not a robot.</p><img src='/captcha.jpg'>";
