import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFixtures, fetcherFor, fixture, type Handler, page } from '../test-support/fetch-fixture';
import { selfSignedCert } from '../test-support/self-signed-cert';
import type { GuardedFetchOptions } from './guarded-fetch';

afterEach(closeFixtures);

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

  it('keeps an error answer’s HTML page, when it is small, for what it says', async () => {
    const challenge =
      '<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>';
    const shop = await fixture((req, res) => {
      if (req.url === '/challenge') res.writeHead(503, { 'content-type': 'text/html' }).end(challenge);
      else if (req.url === '/json') res.writeHead(403, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(500, { 'content-type': 'text/html' }).end(`<html>${'x'.repeat(300 * 1024)}</html>`);
    });
    const fetcher = fetcherFor([shop]);
    const failure = (path: string) =>
      fetcher.fetchPage(`${shop.url}${path}`).catch((error: unknown) => error);

    const [page503, json403, large500] = await Promise.all(['/challenge', '/json', '/large'].map(failure));

    expect(page503).toMatchObject({ name: 'HttpStatusError', status: 503, page: challenge });
    expect(json403).toMatchObject({ name: 'HttpStatusError', status: 403, page: null });
    expect(large500).toMatchObject({ name: 'HttpStatusError', status: 500, page: null });
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

describe('guarded fetcher: files (sitemaps and feeds)', () => {
  it('fetches a file of any type as bytes, gzipped as sent, after a redirect', async () => {
    const gzipped = gzipSync(Buffer.from('<urlset></urlset>'));
    const shop = await fixture((req, res) => {
      if (req.url === '/sitemap.xml') return res.writeHead(301, { location: '/sitemap.xml.gz' }).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(gzipped);
    });
    const file = await fetcherFor([shop]).fetchFile(`${shop.url}/sitemap.xml`);
    expect(file).toMatchObject({
      url: `${shop.url}/sitemap.xml.gz`,
      contentType: 'application/octet-stream',
    });
    expect(Buffer.from(file.bytes).equals(gzipped)).toBe(true);
  });

  it('gives up on a file at its own time limit, and says which', async () => {
    const shop = await fixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write('<urlset>');
    });
    await expect(
      fetcherFor([shop]).fetchFile(`${shop.url}/slow.xml`, undefined, { maxBytes: 1000, timeLimitMs: 1500 }),
    ).rejects.toThrow('Timed out after 1.5 s');
  });

  it('refuses a file over its size, and one robots.txt disallows', async () => {
    const shop = await fixture((req, res) => {
      if (req.url === '/robots.txt') return res.writeHead(200).end('User-agent: *\nDisallow: /private/\n');
      res.writeHead(200, { 'content-type': 'text/csv' }).end('x'.repeat(2000));
    });
    shop.requests.push('CUSTOM-ROBOTS');
    const fetcher = fetcherFor([shop]);
    await expect(
      fetcher.fetchFile(`${shop.url}/feed.csv`, undefined, { maxBytes: 1000, timeLimitMs: 5000 }),
    ).rejects.toThrow('Page larger than');
    await expect(fetcher.fetchFile(`${shop.url}/private/feed.csv`)).rejects.toThrow(
      'Disallowed by robots.txt',
    );
    expect(shop.requests.filter((r) => r.includes('/private/'))).toEqual([]);
  });

  it('streams a file as it arrives, its Content-Encoding undone, and stops it at its size', async () => {
    const lines = Array.from({ length: 5000 }, (_, n) => `https://shop.example/p/${n},Product ${n}`).join(
      '\n',
    );
    const shop = await fixture((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' });
      // In pieces, as a large feed arrives.
      const packed = gzipSync(lines);
      res.write(packed.subarray(0, 1000));
      setTimeout(() => res.end(packed.subarray(1000)), 50);
    });
    const pieces: Uint8Array[] = [];
    const file = await fetcherFor([shop]).fetchFile(`${shop.url}/feed.csv`, undefined, {
      maxBytes: 1_000_000,
      timeLimitMs: 5000,
      onChunk: (chunk) => pieces.push(chunk),
    });
    expect(file.bytes).toHaveLength(0);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).toString()).toBe(lines);
    const seen: Uint8Array[] = [];
    await expect(
      fetcherFor([shop]).fetchFile(`${shop.url}/feed.csv`, undefined, {
        maxBytes: 50_000,
        timeLimitMs: 5000,
        onChunk: (chunk) => seen.push(chunk),
      }),
    ).rejects.toThrow('Page larger than');
    expect(Buffer.concat(seen).length).toBeLessThanOrEqual(50_000);
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
