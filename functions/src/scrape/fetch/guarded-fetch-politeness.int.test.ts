import { afterEach, describe, expect, it } from 'vitest';
import {
  closeFixtures,
  type Fixture,
  fetcherFor,
  fixture,
  type Handler,
  page,
} from '../test-support/fetch-fixture';
import type { RequestPacer } from './guarded-fetch';

/** The guarded fetcher's politeness: robots.txt, the whole-fetch limit that covers it, and pacing. */
afterEach(closeFixtures);

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
