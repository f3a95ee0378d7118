/**
 * The demo shop: competitor product pages served on loopback, so `npm start` and the tests have
 * something realistic to scrape offline. One server answers each shop under its own host name
 * (virtual hosts by the Host header). The scraper reaches those names only through its host map
 * (SCRAPER_HOST_MAP) and only because their host:port pairs are in SCRAPER_ALLOW_HOSTS.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoPage } from './demo-pages';
import { startTick } from './price-drift';
import { route } from './routes';
import { SHOPS, type ShopId, shopOfHost, shopOrigin } from './shops';
import { WEBHOOK_INBOX_PATH, type WebhookInbox } from './webhook-inbox';

/** Longer than the scraper's 10 s wait for headers, so the slow page times out by default. */
export const DEFAULT_SLOW_DELAY_MS = 25_000;

export interface DemoShopOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The clock the pages' first tick comes from (price-drift.ts); tests pin it. */
  now?: () => number;
  /** How long the slow page waits before answering; tests shorten it. */
  slowDelayMs?: number;
  /** The demo's webhook receiver, served at /webhook-inbox (webhook-inbox.ts). */
  inbox?: WebhookInbox;
}

export interface DemoShop {
  /** The server's plain address, 'http://127.0.0.1:4321': the start page and the webhook inbox. */
  origin: string;
  /** '127.0.0.1:4321', the form SCRAPER_ALLOW_HOSTS takes. */
  hostPort: string;
  port: number;
  /** A shop's own origin: 'http://brightway.localhost:4321'. */
  shopOrigin(shop: ShopId): string;
  /** What SCRAPER_ALLOW_HOSTS needs: every shop's host:port, and the plain address for older demo data. */
  allowHosts: readonly string[];
  /** What SCRAPER_HOST_MAP needs: each shop's host name mapped to the address the server listens on. */
  hostMap: readonly string[];
  /** The tick a page shows on its next request (its price: offerAt(page, tick)). */
  tickOf(page: DemoPage): number;
  close(): Promise<void>;
}

/** Starts the shop; resolves once it listens. */
export async function startDemoShop(options: DemoShopOptions = {}): Promise<DemoShop> {
  const now = options.now ?? Date.now;
  const slowDelayMs = options.slowDelayMs ?? DEFAULT_SLOW_DELAY_MS;
  const host = options.host ?? '127.0.0.1';
  const pending = new Set<NodeJS.Timeout>();
  let origin = '';
  // Each page starts at the tick of the shop's start and moves on one tick each time it is shown.
  const firstTick = startTick(now());
  const ticks = new Map<string, number>();
  const tickOf = (page: DemoPage) => ticks.get(page.path) ?? firstTick;

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] || '/';
    if (options.inbox && path === WEBHOOK_INBOX_PATH) {
      const { inbox } = options;
      return void inbox.handle(req, res).catch(() => {
        if (res.headersSent) return res.destroy();
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal server error');
      });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const shop = shopOfHost(hostnameOf(req.headers.host));
    const answer = route(path, shop);
    const send = () => {
      const body = answer.render(tickOf, shop ? `http://${req.headers.host}` : origin);
      // A page shown moves on, so the next check reads a new price (a HEAD shows nothing).
      if (answer.shows && req.method === 'GET') ticks.set(answer.shows.path, tickOf(answer.shows) + 1);
      res.writeHead(answer.status, {
        'content-type': answer.contentType,
        'content-length': Buffer.byteLength(body),
        // Every request shows the price of its moment; nothing may serve a stale one.
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (!answer.slow) return safely(res, send);
    const timer = setTimeout(() => {
      pending.delete(timer);
      safely(res, send);
    }, slowDelayMs);
    pending.add(timer);
    // A client that gives up (the scraper's timeout) frees its timer at once.
    res.on('close', () => {
      clearTimeout(timer);
      pending.delete(timer);
    });
  });

  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const hostPort = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  origin = `http://${hostPort}`;

  const shops = Object.values(SHOPS);
  return {
    origin,
    hostPort,
    port,
    shopOrigin: (id) => shopOrigin(SHOPS[id], port),
    allowHosts: [hostPort, ...shops.map((shop) => `${shop.host}:${port}`)],
    hostMap: shops.map((shop) => `${shop.host}=${host}`),
    tickOf,
    async close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The name a Host header names, without its port ('brightway.localhost:3100' → 'brightway.localhost'). */
function hostnameOf(header: string | undefined): string {
  return (header ?? '').replace(/:\d*$/, '');
}

/** A page that fails to render answers 500 instead of taking the whole local stack down. */
function safely(res: ServerResponse, send: () => void): void {
  try {
    send();
  } catch {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal server error');
  }
}
