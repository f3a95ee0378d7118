import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type KeyAndCert, selfSignedCert } from '../test-support/self-signed-cert';
import { createGuardedFetcher, type GuardedFetchOptions, type RequestPacer } from './guarded-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Fixture {
  readonly port: number;
  readonly host: string;
  readonly url: string;
  /** TCP connections the server has accepted. */
  connections: number;
  readonly requests: string[];
}

const servers: Server[] = [];

/** A loopback HTTP (or, given a certificate, https) server that counts connections and records request paths. */
async function fixture(handler: Handler = page('<h1>ok</h1>'), tls?: KeyAndCert): Promise<Fixture> {
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

function page(html: string, type = 'text/html; charset=utf-8'): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type }).end(html);
  };
}

const fetcherFor = (allow: readonly Fixture[], extra: Partial<GuardedFetchOptions> = {}) =>
  createGuardedFetcher({
    allowHosts: allow.map((f) => f.host),
    userAgent: 'CheckMyPriceBot/1.0 (+https://t.example)',
    ...extra,
  });

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

describe('guarded fetcher: fetching', () => {
  it('fetches an HTML page from an allowed host with our User-Agent', async () => {
    const shop = await fixture(page('<html><h1>Kettle £24.99</h1></html>'));
    const result = await fetcherFor([shop]).fetchPage(`${shop.url}/p/1`);
    expect(result).toMatchObject({ status: 200, url: `${shop.url}/p/1` });
    expect(result.html).toContain('Kettle £24.99');
    expect(shop.requests).toContain('GET /p/1 CheckMyPriceBot/1.0 (+https://t.example)');
  });

  it('decodes the charset the server declares', async () => {
    const shop = await fixture((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from('<p>Preis 9,99 \xa4</p>', 'latin1'));
    });
    expect((await fetcherFor([shop]).fetchPage(shop.url)).html).toContain('Preis 9,99 ¤');
  });

  it('follows redirects within the limit', async () => {
    const shop = await fixture((req, res) => {
      const n = Number(req.url?.slice(1) || 0);
      if (n < 5) res.writeHead(302, { location: `/${n + 1}` }).end();
      else page('<p>arrived</p>')(req, res);
    });
    const result = await fetcherFor([shop]).fetchPage(`${shop.url}/0`);
    expect(result.url).toBe(`${shop.url}/5`);
  });
});

describe('guarded fetcher: compressed pages', () => {
  const encodings: [string, (body: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ];

  function compressed(encoding: string, body: Buffer): Handler {
    return (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding })
        .end(body);
    };
  }

  it.each(encodings)('decodes a %s page and asks for it', async (encoding, compress) => {
    const shop = await fixture(compressed(encoding, compress(Buffer.from('<h1>Kettle £24.99</h1>'))));
    const result = await fetcherFor([shop]).fetchPage(shop.url);
    expect(result.html).toBe('<h1>Kettle £24.99</h1>');
  });

  it('decodes deflate sent without its zlib header, as browsers accept', async () => {
    const shop = await fixture(compressed('deflate', deflateRawSync(Buffer.from('<p>Preis 9,99 €</p>'))));
    expect((await fetcherFor([shop]).fetchPage(shop.url)).html).toBe('<p>Preis 9,99 €</p>');
  });

  it('advertises only the encodings it decodes', async () => {
    let asked: string | undefined;
    const shop = await fixture((req, res) => {
      asked = req.headers['accept-encoding'];
      page('<p>hi</p>')(req, res);
    });
    await fetcherFor([shop]).fetchPage(shop.url);
    expect(asked).toBe('gzip, deflate, br');
  });

  it.each(encodings)('caps the decoded size of a %s bomb', async (encoding, compress) => {
    const bomb = compress(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const shop = await fixture(compressed(encoding, bomb));
    await expect(fetcherFor([shop]).fetchPage(shop.url)).rejects.toThrow('Page larger than 2 MiB');
  });

  it('opens a fresh connection for every request, so no pooled socket skips the address check', async () => {
    const shop = await fixture(page('<p>hi</p>'));
    const fetcher = fetcherFor([shop]);
    await fetcher.fetchPage(`${shop.url}/a`);
    await fetcher.fetchPage(`${shop.url}/b`);
    // robots.txt once, then each page
    expect(shop.requests).toHaveLength(3);
    expect(shop.connections).toBe(3);
  });
});

describe('guarded fetcher: refusals', () => {
  it.each([
    (p: number) => `http://127.0.0.1:${p}/`,
    (p: number) => `http://2130706433:${p}/`,
    (p: number) => `http://0x7f.1:${p}/`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/`,
    (p: number) => `http://localhost:${p}/`,
  ])('refuses a loopback target without connecting (%#)', async (address) => {
    const target = await fixture();
    await expect(fetcherFor([]).fetchPage(address(target.port))).rejects.toThrow(
      'Blocked: address is private',
    );
    expect(target.connections).toBe(0);
  });

  it('refuses other schemes', async () => {
    await expect(fetcherFor([]).fetchPage('file:///etc/passwd')).rejects.toThrow(
      'Blocked: only http and https',
    );
  });

  it('re-checks every redirect: an allowed host cannot redirect into a blocked one', async () => {
    const inner = await fixture();
    const shop = await fixture((_req, res) => {
      res.writeHead(302, { location: `http://localhost:${inner.port}/admin` }).end();
    });
    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/p`)).rejects.toThrow(
      'Blocked: address is private',
    );
    expect(inner.connections).toBe(0);
  });

  it('refuses a redirect to a metadata address literal', async () => {
    const shop = await fixture((_req, res) => {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    await expect(fetcherFor([shop]).fetchPage(shop.url)).rejects.toThrow('Blocked: address is private');
  });

  it('stops after 5 redirects', async () => {
    const shop = await fixture((req, res) => {
      res.writeHead(302, { location: `${req.url}x` }).end();
    });
    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/`)).rejects.toThrow(
      'Too many redirects (more than 5)',
    );
  });

  it('answers HTTP errors with their status', async () => {
    const shop = await fixture((_req, res) => {
      res.writeHead(404).end('gone');
    });
    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/missing`)).rejects.toThrow('HTTP 404');
  });

  it('only hands HTML onwards', async () => {
    const shop = await fixture(page('%PDF-1.4', 'application/pdf'));
    await expect(fetcherFor([shop]).fetchPage(shop.url)).rejects.toThrow(
      'Not an HTML page (application/pdf)',
    );
  });

  it('caps the body at 2 MiB', async () => {
    const shop = await fixture(page(`<html>${'x'.repeat(2 * 1024 * 1024 + 10)}</html>`));
    await expect(fetcherFor([shop]).fetchPage(shop.url)).rejects.toThrow('Page larger than 2 MiB');
  });

  it('caps the decoded size of a compressed bomb', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const shop = await fixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
    });
    await expect(fetcherFor([shop]).fetchPage(shop.url)).rejects.toThrow('Page larger than 2 MiB');
  });

  it('times out when headers do not come', async () => {
    const shop = await fixture(() => {
      // never answers
    });
    await expect(fetcherFor([shop], { headersTimeoutMs: 300 }).fetchPage(shop.url)).rejects.toThrow(
      'Timed out after 0.3 s',
    );
  });

  it('times out the whole fetch when the body trickles', async () => {
    const shop = await fixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>.</p>'), 50);
      res.on('close', () => clearInterval(timer));
    });
    await expect(fetcherFor([shop], { totalTimeoutMs: 600 }).fetchPage(shop.url)).rejects.toThrow(
      'Timed out after 0.6 s',
    );
  });
});

describe('guarded fetcher: host map (SCRAPER_HOST_MAP)', () => {
  const hostMap = new Map([['brightway.localhost', '127.0.0.1']]);
  const echoHost: Handler = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>host ${req.headers.host}</p>`);
  };

  it('fetches a mapped, allowed host at its mapped address, naming the host to the server', async () => {
    const shop = await fixture(echoHost);
    const address = `brightway.localhost:${shop.port}`;

    const result = await fetcherFor([], { allowHosts: [address], hostMap }).fetchPage(
      `http://${address}/p/1`,
    );

    expect(result.html).toBe(`<p>host ${address}</p>`);
  });

  it('refuses a mapped host that is not in the allow list, without connecting', async () => {
    const shop = await fixture(echoHost);

    await expect(
      fetcherFor([shop], { hostMap }).fetchPage(`http://brightway.localhost:${shop.port}/p/1`),
    ).rejects.toThrow('Blocked: address is private');
    expect(shop.connections).toBe(0);
  });

  it('resolves an unmapped .localhost host as before: by DNS, refused here without connecting', async () => {
    const shop = await fixture(echoHost);
    const address = `http://hearth.localhost:${shop.port}/p/1`;
    const outcome = (options: Partial<GuardedFetchOptions>) =>
      fetcherFor([], options)
        .fetchPage(address)
        .catch((error: Error) => error.message);

    const withMap = await outcome({ hostMap });

    expect(withMap).toBe(await outcome({}));
    // Depending on the system's resolver: no such name (so robots.txt cannot be read: RFC 9309 says
    // disallow), or loopback (refused).
    expect(withMap).toMatch(/^(?:Disallowed by robots\.txt|Blocked: address is private)$/);
    expect(shop.connections).toBe(0);
  });
});

describe('guarded fetcher: https', () => {
  const tls = selfSignedCert();
  const redirectTo =
    (location: string): Handler =>
    (_req, res) => {
      res.writeHead(302, { location }).end();
    };

  it('fetches over https and follows a redirect that stays on https', async () => {
    const target = await fixture(page('<p>secure landing</p>'), tls);
    const shop = await fixture(redirectTo(`${target.url}/landing`), tls);
    const result = await fetcherFor([shop, target], { trustedCa: tls.cert }).fetchPage(`${shop.url}/p`);
    expect(result).toMatchObject({ status: 200, url: `${target.url}/landing` });
    expect(result.html).toContain('secure landing');
  });

  it('refuses a redirect from https down to http without contacting the http address', async () => {
    const plain = await fixture(page('<p>token leaked</p>'));
    const shop = await fixture(redirectTo(`${plain.url}/landing?token=secret`), tls);
    const fetcher = fetcherFor([shop, plain], { trustedCa: tls.cert });
    await expect(fetcher.fetchPage(`${shop.url}/p`)).rejects.toThrow('Blocked: redirect from https to http');
    expect(plain.connections).toBe(0);
    expect(shop.requests.some((r) => r.startsWith('GET /p '))).toBe(true);
  });

  it('counts a robots.txt that redirects from https to http as unreachable, without contacting http', async () => {
    const plain = await fixture();
    const shop = await fixture((req, res) => {
      if (req.url === '/robots.txt') redirectTo(`${plain.url}/robots.txt`)(req, res);
      else page('<p>hi</p>')(req, res);
    }, tls);
    shop.requests.push('CUSTOM-ROBOTS');
    const fetcher = fetcherFor([shop, plain], { trustedCa: tls.cert });
    await expect(fetcher.fetchPage(`${shop.url}/p`)).rejects.toThrow('Disallowed by robots.txt');
    expect(plain.connections).toBe(0);
  });

  it('follows a redirect from http up to https', async () => {
    const target = await fixture(page('<p>upgraded</p>'), tls);
    const shop = await fixture(redirectTo(`${target.url}/p`));
    const result = await fetcherFor([shop, target], { trustedCa: tls.cert }).fetchPage(shop.url);
    expect(result.html).toContain('upgraded');
  });

  it('does not trust a self-signed certificate unless told to', async () => {
    const shop = await fixture(page('<p>hi</p>'), tls);
    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/p`)).rejects.toThrow();
    expect(shop.requests).toEqual([]);
  });
});

describe('guarded fetcher: robots.txt', () => {
  const withRobots = (status: number, body: string, pageHandler: Handler = page('<p>hi</p>')): Handler => {
    return (req, res) => {
      if (req.url === '/robots.txt') res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      else pageHandler(req, res);
    };
  };

  /** A fixture whose robots.txt is answered by the handler rather than the default 404. */
  async function shopWithRobots(handler: Handler): Promise<Fixture> {
    const shop = await fixture(handler);
    shop.requests.push('CUSTOM-ROBOTS');
    return shop;
  }

  it('honours Disallow rules for our agent and caches robots.txt per host', async () => {
    const shop = await shopWithRobots(withRobots(200, 'User-agent: CheckMyPriceBot\nDisallow: /private\n'));
    const fetcher = fetcherFor([shop]);
    await expect(fetcher.fetchPage(`${shop.url}/private/p1`)).rejects.toThrow('Disallowed by robots.txt');
    await expect(fetcher.fetchPage(`${shop.url}/public/p2`)).resolves.toMatchObject({ status: 200 });
    await fetcher.fetchPage(`${shop.url}/public/p3`);
    expect(shop.requests.filter((r) => r.startsWith('GET /robots.txt'))).toHaveLength(1);
    expect(shop.requests.some((r) => r.startsWith('GET /private'))).toBe(false);
  });

  it("keeps robots.txt's Crawl-delay for our agent with the cached robots.txt", async () => {
    const rules = 'User-agent: *\nCrawl-delay: 9\n\nUser-agent: CheckMyPriceBot\nCrawl-delay: 2\n';
    const shop = await shopWithRobots(withRobots(200, rules));
    const fetcher = fetcherFor([shop]);
    await fetcher.fetchPage(`${shop.url}/p1`);
    expect(await fetcher.crawlDelaySeconds(`${shop.url}/p2`)).toBe(2);
    expect(shop.requests.filter((r) => r.startsWith('GET /robots.txt'))).toHaveLength(1);
  });

  it('has no Crawl-delay for an origin whose robots.txt sets none or is missing', async () => {
    const plain = await shopWithRobots(withRobots(200, 'User-agent: *\nDisallow: /cart\n'));
    const missing = await fixture();
    const fetcher = fetcherFor([plain, missing]);
    expect(await fetcher.crawlDelaySeconds(`${plain.url}/p`)).toBeNull();
    expect(await fetcher.crawlDelaySeconds(`${missing.url}/p`)).toBeNull();
  });

  it('treats a 4xx robots.txt as allowing everything', async () => {
    const shop = await shopWithRobots(withRobots(403, 'no'));
    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/p`)).resolves.toMatchObject({ status: 200 });
  });

  it('treats a 5xx robots.txt as disallowing everything', async () => {
    const shop = await shopWithRobots(withRobots(503, 'down'));
    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/p`)).rejects.toThrow('Disallowed by robots.txt');
    expect(shop.requests.some((r) => r.startsWith('GET /p'))).toBe(false);
  });

  it('does not follow a robots.txt redirect to a blocked address: that robots.txt counts as unreachable', async () => {
    const inner = await fixture();
    const shop = await shopWithRobots((req, res) => {
      if (req.url === '/robots.txt')
        res.writeHead(302, { location: `http://localhost:${inner.port}/robots.txt` }).end();
      else page('<p>hi</p>')(req, res);
    });
    const fetcher = fetcherFor([shop]);
    await expect(fetcher.fetchPage(`${shop.url}/p`)).rejects.toThrow('Disallowed by robots.txt');
    await expect(fetcher.fetchPage(`${shop.url}/q`)).rejects.toThrow('Disallowed by robots.txt');
    expect(inner.connections).toBe(0);
    expect(shop.requests.filter((r) => r.startsWith('GET /robots.txt'))).toHaveLength(1);
    expect(shop.requests.some((r) => /^GET \/[pq] /.test(r))).toBe(false);
  });
});

describe('guarded fetcher: the whole-fetch limit covers robots.txt', () => {
  const slowRobots = (delayMs: number, pageHandler: Handler): Handler => {
    return (req, res) => {
      if (req.url !== '/robots.txt') return pageHandler(req, res);
      const timer = setTimeout(() => res.writeHead(404).end(), delayMs);
      res.on('close', () => clearTimeout(timer));
    };
  };

  async function customRobots(handler: Handler): Promise<Fixture> {
    const shop = await fixture(handler);
    shop.requests.push('CUSTOM-ROBOTS');
    return shop;
  }

  /** Runs the fetch and reports how long it took to fail. */
  async function timedFailure(work: Promise<unknown>): Promise<{ message: string; elapsedMs: number }> {
    const started = performance.now();
    const error = await work.then(
      () => new Error('fetch succeeded'),
      (e: unknown) => e as Error,
    );
    return { message: error.message, elapsedMs: performance.now() - started };
  }

  it('counts slow robots.txt answers of every redirect hop against one limit', async () => {
    const target = await customRobots(slowRobots(500, page('<p>arrived</p>')));
    const start = await customRobots(
      slowRobots(500, (_req, res) => {
        res.writeHead(302, { location: `${target.url}/p` }).end();
      }),
    );
    const fetcher = fetcherFor([start, target], { totalTimeoutMs: 600 });
    const { message, elapsedMs } = await timedFailure(fetcher.fetchPage(`${start.url}/p`));
    expect(message).toBe('Timed out after 0.6 s');
    expect(elapsedMs).toBeLessThan(1000);
  });

  it('reports a hanging robots.txt as a timeout, not as a disallow', async () => {
    const shop = await customRobots((req, res) => {
      if (req.url !== '/robots.txt') page('<p>hi</p>')(req, res);
      // robots.txt never answers
    });
    const fetcher = fetcherFor([shop], { totalTimeoutMs: 600 });
    const { message, elapsedMs } = await timedFailure(fetcher.fetchPage(`${shop.url}/p`));
    expect(message).toBe('Timed out after 0.6 s');
    expect(elapsedMs).toBeLessThan(1000);
  });
});

describe('guarded fetcher: pacing', () => {
  /** A pacer that keeps a log of what the fetcher told it, waiting `waitMs` before each turn. */
  function recordingPacer(waitMs = 0) {
    const log: string[] = [];
    const pacer: RequestPacer = {
      begin: async (url) => {
        log.push(`begin ${url.pathname}`);
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        return {
          reached: () => log.push(`reached ${url.pathname}`),
          end: async (holdMs) => {
            log.push(`end ${url.pathname}${holdMs === null ? '' : ` hold ${holdMs}`}`);
          },
        };
      },
      crawlDelayRead: async (_url, seconds) => {
        log.push(`crawl-delay ${seconds}`);
      },
    };
    return { pacer, log };
  }

  it('takes a turn for every request, robots.txt and redirects included, and tells it the Crawl-delay first', async () => {
    const shop = await fixture((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(200).end('User-agent: *\nCrawl-delay: 3\n');
      else if (req.url === '/old') res.writeHead(301, { location: '/new' }).end();
      else page('<p>moved</p>')(req, res);
    });
    shop.requests.push('CUSTOM-ROBOTS');
    const { pacer, log } = recordingPacer();

    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/old`, pacer)).resolves.toMatchObject({
      url: `${shop.url}/new`,
    });
    expect(log).toEqual([
      'begin /robots.txt',
      'reached /robots.txt',
      'end /robots.txt',
      'crawl-delay 3',
      'begin /old',
      'reached /old',
      'end /old',
      'begin /new',
      'reached /new',
      'end /new',
    ]);
  });

  it('does not count the wait for a turn against the page’s time limit', async () => {
    const shop = await fixture(page('<p>hi</p>'));
    const { pacer } = recordingPacer(800);

    const fetched = fetcherFor([shop], { totalTimeoutMs: 600 }).fetchPage(`${shop.url}/p`, pacer);

    await expect(fetched).resolves.toMatchObject({ status: 200 });
  });

  it('tells the turn how long a 429 asked us to wait', async () => {
    const shop = await fixture((_req, res) => {
      res.writeHead(429, { 'retry-after': '7' }).end();
    });
    const { pacer, log } = recordingPacer();

    await expect(fetcherFor([shop]).fetchPage(`${shop.url}/p`, pacer)).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 7000,
    });
    expect(log).toContain('end /p hold 7000');
  });
});
