import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureShopOptions {
  /** Every answer comes this long after the request. */
  delayMs?: number;
  /**
   * The loopback addresses to serve on (Linux answers all of 127.0.0.0/8), each a host of its own
   * to the scraper, which paces its requests per host; default 127.0.0.1.
   */
  hosts?: readonly string[];
  /** robots.txt's text; without it robots.txt answers 404 (no rules). */
  robots?: string;
  /** The Retry-After that `/limited/<n>` sends with its 429. */
  retryAfter?: string;
  /** The paths `/sitemap.xml` lists (on the host asked); without them it answers 404. */
  sitemap?: readonly string[];
}

/** One request as the shop saw it: when it arrived and when its answer was done (performance.now() ms). */
export interface SeenRequest {
  readonly host: string;
  readonly path: string;
  readonly startedAt: number;
  endedAt?: number;
}

/** `count` loopback addresses from 127.0.0.1 on: as many hosts for a fixture shop. */
export const loopbackHosts = (count: number) => Array.from({ length: count }, (_, i) => `127.0.0.${i + 1}`);

/**
 * A tiny competitor shop on loopback for scrape tests: `/p/<n>` is a product page priced n + 0.99
 * (JSON-LD and visible) in pounds, `/usd/<n>` the same in US dollars, `/script/<n>` the same product drawn by the page's script from
 * `/api/price/<n>` (an empty shell without a browser), `/missing/<n>` answers 404, `/broken/<n>` 500, `/limited/<n>` 429; every
 * page can be slowed. It keeps every request it saw, and the most one host was answering at once.
 */
export async function startFixtureShop(options: FixtureShopOptions = {}) {
  const seen: SeenRequest[] = [];
  const inFlight = new Map<string, number>();
  let maxInFlight = 0;
  const serve = (host: string) => (req: IncomingMessage, res: ServerResponse) => {
    const request: SeenRequest = { host, path: req.url ?? '', startedAt: performance.now() };
    seen.push(request);
    const now = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, now);
    maxInFlight = Math.max(maxInFlight, now);
    res.once('close', () => {
      request.endedAt = performance.now();
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    });
    const [, kind, id] = (req.url ?? '').split('/');
    setTimeout(() => {
      if (req.url === '/robots.txt')
        return options.robots === undefined
          ? res.writeHead(404).end()
          : res.writeHead(200, { 'content-type': 'text/plain' }).end(options.robots);
      if (req.url === '/sitemap.xml' && options.sitemap) {
        const locs = options.sitemap.map((path) => `<url><loc>http://${req.headers.host}${path}</loc></url>`);
        return res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`);
      }
      if ((kind === 'p' || kind === 'usd') && id) {
        const price = `${Number(id)}.99`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(productPage(`Fixture product ${id}`, price, kind === 'usd' ? 'USD' : 'GBP'));
      }
      if (kind === 'script' && id)
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(scriptedPage(Number(id)));
      if (kind === 'price.js')
        return res.writeHead(200, { 'content-type': 'text/javascript' }).end(PRICE_SCRIPT);
      if (kind === 'api' && id === 'price') {
        const n = Number(req.url?.split('/')[3]);
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ price: `${n}.99` }));
      }
      if (kind === 'broken') return res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Oops</h1>');
      if (kind === 'limited')
        return res
          .writeHead(429, {
            'content-type': 'text/html',
            ...(options.retryAfter && { 'retry-after': options.retryAfter }),
          })
          .end('<h1>Slow down</h1>');
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }, options.delayMs ?? 0);
  };
  const servers = await Promise.all(
    (options.hosts ?? ['127.0.0.1']).map(async (host) => {
      const server = createServer(serve(host));
      server.listen(0, host);
      await once(server, 'listening');
      return { server, hostPort: `${host}:${(server.address() as AddressInfo).port}` };
    }),
  );
  const hostPorts = servers.map((s) => s.hostPort);
  const origins = hostPorts.map((hostPort) => `http://${hostPort}`);
  return {
    /** The first host's origin and host:port. */
    origin: origins[0] as string,
    hostPort: hostPorts[0] as string,
    origins,
    /** Every host, as SCRAPER_ALLOW_HOSTS lists them. */
    allowHosts: hostPorts.join(','),
    /** The hosts in turn: the origin for the n-th URL. */
    originOf: (n: number) => origins[n % origins.length] as string,
    requests: () => seen.length,
    /** Every request so far, in the order they arrived. */
    seen: (): readonly SeenRequest[] => seen,
    /** The most requests one host was answering at one time. */
    maxInFlight: () => maxInFlight,
    close: () =>
      Promise.all(
        servers.map(
          ({ server }) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}

export type FixtureShop = Awaited<ReturnType<typeof startFixtureShop>>;

function productPage(name: string, price: string, currency: 'GBP' | 'USD'): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    offers: { '@type': 'Offer', price, priceCurrency: currency, availability: 'https://schema.org/InStock' },
  });
  const shown = `${currency === 'GBP' ? '£' : '$'}${price}`;
  return `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">${jsonLd}</script></head>
<body><h1>${name}</h1><div class="buy-box"><span class="price">${shown}</span><button>Add to basket</button></div></body></html>`;
}

/** A shop's own script drawing its product: data and buy box from its JSON endpoint. */
const PRICE_SCRIPT = `const n = location.pathname.split('/')[2];
fetch('/api/price/' + n).then((r) => r.json()).then((d) => {
  const data = document.createElement('script');
  data.type = 'application/ld+json';
  data.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product',
    name: 'Fixture product ' + n, offers: { '@type': 'Offer', price: d.price, priceCurrency: 'GBP' } });
  document.head.append(data);
  document.querySelector('.price').textContent = '£' + d.price;
});`;

function scriptedPage(n: number): string {
  return `<!doctype html><html><head><title>Fixture product ${n}</title></head>
<body><h1>Fixture product ${n}</h1><div class="buy-box"><span class="price"></span><button>Add to basket</button></div><script src="/price.js"></script></body></html>`;
}
