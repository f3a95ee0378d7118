import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny competitor shop on loopback for scrape tests: `/p/<n>` is a product page priced n + 0.99
 * (JSON-LD and visible), `/missing/<n>` answers 404, `/broken/<n>` 500; every page can be slowed.
 */
export async function startFixtureShop(options: { delayMs?: number } = {}) {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const [, kind, id] = (req.url ?? '').split('/');
    setTimeout(() => {
      if (req.url === '/robots.txt') return res.writeHead(404).end();
      if (kind === 'p' && id) {
        const price = `${Number(id)}.99`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(productPage(`Fixture product ${id}`, price));
      }
      if (kind === 'broken') return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Oops</h1>');
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }, options.delayMs ?? 0);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function productPage(name: string, price: string): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    offers: { '@type': 'Offer', price, priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
  });
  return `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">${jsonLd}</script></head>
<body><h1>${name}</h1><div class="buy-box"><span class="price">£${price}</span><button>Add to basket</button></div></body></html>`;
}
