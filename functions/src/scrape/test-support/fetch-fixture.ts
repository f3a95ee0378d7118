import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createGuardedFetcher, type GuardedFetchOptions } from '../fetch/guarded-fetch';
import type { KeyAndCert } from './self-signed-cert';

/** Loopback shops for the guarded fetcher's integration tests: real HTTP(S) servers on port 0. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Fixture {
  readonly port: number;
  readonly host: string;
  readonly url: string;
  /** TCP connections the server has accepted. */
  connections: number;
  readonly requests: string[];
}

const servers: Server[] = [];

/** A loopback HTTP (or, given a certificate, https) server that counts connections and records request paths. */
export async function fixture(handler: Handler = page('<h1>ok</h1>'), tls?: KeyAndCert): Promise<Fixture> {
  const state = { connections: 0, requests: [] as string[] };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    state.requests.push(`${req.method} ${req.url} ${req.headers['user-agent'] ?? ''}`);
    if (req.url === '/robots.txt' && !state.requests.some((r) => r.startsWith('CUSTOM-ROBOTS'))) {
      res.writeHead(404).end();
      return;
    }
    handler(req, res);
  };
  const server = tls ? createTlsServer(tls, listener) : createServer(listener);
  server.on('connection', () => {
    state.connections++;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = tls ? 'https' : 'http';
  return Object.assign(state, { port, host: `127.0.0.1:${port}`, url: `${scheme}://127.0.0.1:${port}` });
}

export function page(html: string, type = 'text/html; charset=utf-8'): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type }).end(html);
  };
}

export const fetcherFor = (allow: readonly Fixture[], extra: Partial<GuardedFetchOptions> = {}) =>
  createGuardedFetcher({
    allowHosts: allow.map((f) => f.host),
    userAgent: 'CheckMyPriceBot/1.0 (+https://t.example)',
    ...extra,
  });

/** Closes every fixture server started since the last call (each test's afterEach). */
export async function closeFixtures(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
}
