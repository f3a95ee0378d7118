import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { LookAlikeSet } from '@cmp/functions/discovery/test-support/look-alike-catalogue';

/** One request as the competitor saw it (performance.now() ms). */
export interface SeenRequest {
  readonly path: string;
  readonly startedAt: number;
  endedAt?: number;
}

/**
 * A competitor shop on loopback listing the found products of a look-alike set (issue 32): robots.txt
 * names a sitemap index with a plain and a gzipped part and disallows /private/; `/product/<n>` is the
 * n-th found product with schema.org Product data (its identifiers when it has them, a price of
 * 10 + (n − 1) + 0.99 GBP); /about and /help are not products; /private/secret-product is listed but
 * disallowed. The first `feedShare` found products that are ours and carry an identifier are listed
 * only in its CSV feed (/feed.csv), until `dropFromFeed` takes one out.
 */
export async function startFixtureCompetitor(set: LookAlikeSet, { feedShare = 0 } = {}) {
  const seen: SeenRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const feedIndices = set.found
    .map((_, at) => at)
    .filter((at) => set.truth[at] !== null && set.identified[at])
    .slice(0, feedShare);
  const dropped = new Set<number>();
  const inFeed = (at: number) => feedIndices.includes(at);
  let origin = '';

  const jsonLd = (at: number) => {
    const found = set.found[at];
    if (!found) return null;
    const gtin = found.gtins[0];
    return JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: found.name,
      ...(found.brand ? { brand: { '@type': 'Brand', name: found.brand } } : {}),
      ...(gtin ? { gtin13: gtin } : {}),
      ...(found.mpn ? { mpn: found.mpn } : {}),
      offers: { '@type': 'Offer', price: `${10 + at}.99`, priceCurrency: 'GBP' },
    });
  };
  const page = (title: string, data: string | null = null) =>
    `<!doctype html><html lang="en"><head><title>${title}</title>${data ? `<script type="application/ld+json">${data}</script>` : ''}</head><body><h1>${title}</h1></body></html>`;
  const urlset = (locs: string[]) =>
    `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
  const onPages = set.found.map((_, at) => at).filter((at) => !inFeed(at));
  const half = Math.ceil(onPages.length / 2);
  const productUrl = (at: number) => `${origin}/product/${at + 1}`;
  const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;

  const files: Record<string, () => string | Buffer> = {
    '/robots.txt': () => `User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemaps/index.xml\n`,
    '/sitemaps/index.xml': () =>
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/a.xml</loc></sitemap><sitemap><loc>${origin}/sitemaps/b.xml.gz</loc></sitemap></sitemapindex>`,
    '/sitemaps/a.xml': () =>
      urlset([
        ...onPages.slice(0, half).map(productUrl),
        `${origin}/about`,
        `${origin}/private/secret-product`,
      ]),
    '/sitemaps/b.xml.gz': () => gzipSync(urlset([...onPages.slice(half).map(productUrl), `${origin}/help`])),
    '/feed.csv': () =>
      [
        'title,link,price,currency,gtin,mpn,brand,availability',
        ...set.found.flatMap((found, at) =>
          inFeed(at) && !dropped.has(at)
            ? [
                [
                  csvCell(found.name),
                  productUrl(at),
                  `${10 + at}.99`,
                  'GBP',
                  found.gtins[0] ?? '',
                  found.mpn ?? '',
                  found.brand ?? '',
                  'in stock',
                ].join(','),
              ]
            : [],
        ),
      ].join('\n'),
    '/about': () => page('About us'),
    '/help': () => page('Help'),
    '/private/secret-product': () => page('Secret', jsonLd(0)),
  };

  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const entry: SeenRequest = { path, startedAt: performance.now() };
    seen.push(entry);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => {
      inFlight--;
      entry.endedAt = performance.now();
    });
    const product = /^\/product\/(\d+)$/.exec(path);
    const data = product ? jsonLd(Number(product[1]) - 1) : null;
    const body = data ? page('Product', data) : files[path]?.();
    if (body === undefined) return res.writeHead(404).end();
    const type = path.endsWith('.gz') ? 'application/gzip' : path.endsWith('.csv') ? 'text/csv' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  origin = `http://${hostPort}`;
  return {
    hostPort,
    origin,
    /** The found products (their places in the set) the feed lists. */
    feedIndices,
    /** The feed no longer lists this found product (its place in the set). */
    dropFromFeed: (at: number) => dropped.add(at),
    /** Pages in the sitemaps: the products not in the feed, About, Help and the disallowed one. */
    pagesListed: onPages.length + 3,
    seen,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FixtureCompetitor = Awaited<ReturnType<typeof startFixtureCompetitor>>;
