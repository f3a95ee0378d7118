/**
 * The demo shop: competitor product pages served on loopback, so `npm start` and the tests have
 * something realistic to scrape offline. The scraper reaches it only because its host:port is in
 * SCRAPER_ALLOW_HOSTS.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { route } from './routes';
import { WEBHOOK_INBOX_PATH, type WebhookInbox } from './webhook-inbox';

/** Longer than the scraper's 10 s wait for headers, so the slow page times out by default. */
export const DEFAULT_SLOW_DELAY_MS = 25_000;

export interface DemoShopOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The clock prices drift by; tests pin it. */
  now?: () => number;
  /** How long the slow page waits before answering; tests shorten it. */
  slowDelayMs?: number;
  /** The demo's webhook receiver, served at /webhook-inbox (webhook-inbox.ts). */
  inbox?: WebhookInbox;
}

export interface DemoShop {
  /** 'http://127.0.0.1:4321' */
  origin: string;
  /** '127.0.0.1:4321', the form SCRAPER_ALLOW_HOSTS takes. */
  hostPort: string;
  close(): Promise<void>;
}

/** Starts the shop; resolves once it listens. */
export async function startDemoShop(options: DemoShopOptions = {}): Promise<DemoShop> {
  const now = options.now ?? Date.now;
  const slowDelayMs = options.slowDelayMs ?? DEFAULT_SLOW_DELAY_MS;
  const host = options.host ?? '127.0.0.1';
  const pending = new Set<NodeJS.Timeout>();
  let origin = '';

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
    const answer = route(path);
    const send = () => {
      const body = answer.render(now(), origin);
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

  return {
    origin,
    hostPort,
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

/** A page that fails to render answers 500 instead of taking the whole local stack down. */
function safely(res: ServerResponse, send: () => void): void {
  try {
    send();
  } catch {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal server error');
  }
}
