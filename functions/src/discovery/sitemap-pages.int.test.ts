import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFixtures, type Fixture, fetcherFor, fixture } from '../scrape/test-support/fetch-fixture';
import { sitemapPages } from './sitemap-pages';

afterEach(closeFixtures);

const urlset = (locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc><lastmod>2026-11-20</lastmod></url>`).join('')}</urlset>`;
const index = (locs: string[]) =>
  `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

/** A competitor whose robots.txt names an index of a plain part, a gzipped part and a disallowed one. */
async function competitor(robots: (shop: Fixture) => string): Promise<Fixture> {
  const shop: Fixture = await fixture((req, res) => {
    const origin = `http://${req.headers.host}`;
    const files: Record<string, string | Buffer> = {
      '/robots.txt': robots(shop),
      '/sitemaps/index.xml': index([
        `${origin}/sitemaps/a.xml`,
        `${origin}/sitemaps/b.xml.gz`,
        `${origin}/private/c.xml`,
      ]),
      '/sitemaps/a.xml': urlset([`${origin}/p/1`, `${origin}/p/2`, 'https://elsewhere.example/p/9']),
      '/sitemaps/b.xml.gz': gzipSync(urlset([`${origin}/p/2`, `${origin}/p/3`, `${origin}/p/4`])),
      '/sitemap.xml': urlset([`${origin}/fallback/1`]),
    };
    const body = files[req.url ?? ''];
    if (body === undefined) return res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': req.url?.endsWith('.gz') ? 'application/gzip' : 'application/xml' })
      .end(body);
  });
  shop.requests.push('CUSTOM-ROBOTS');
  return shop;
}

describe("a competitor's sitemap pages", () => {
  it("follows robots.txt's Sitemap to an index and its parts, gzipped too, keeping the domain's pages once", async () => {
    const shop = await competitor(
      (s) => `User-agent: *\nDisallow: /private/\nSitemap: ${s.url}/sitemaps/index.xml\n`,
    );

    const found = await sitemapPages({ domain: shop.host, sitemaps: [] }, fetcherFor([shop]), {
      maxPages: 100,
      scheme: 'http',
    });

    expect(found.pages.map((p) => p.loc)).toEqual([1, 2, 3, 4].map((n) => `${shop.url}/p/${n}`));
    expect(found.pages[0]?.lastmod).toBe('2026-11-20');
    expect(found).toMatchObject({ sitemapsRead: 3, truncated: false });
    expect(found.errors).toEqual([`${shop.url}/private/c.xml: Disallowed by robots.txt`]);
    expect(shop.requests.filter((r) => r.includes('/private/'))).toEqual([]);
  });

  it('reads /sitemap.xml when robots.txt names none, the given sitemaps when there are, and stops at maxPages', async () => {
    const shop = await competitor(() => 'User-agent: *\nDisallow:\n');
    const fetcher = fetcherFor([shop]);

    const fallback = await sitemapPages({ domain: shop.host, sitemaps: [] }, fetcher, {
      maxPages: 100,
      scheme: 'http',
    });
    const given = await sitemapPages(
      { domain: shop.host, sitemaps: [`${shop.url}/sitemaps/b.xml.gz`] },
      fetcher,
      {
        maxPages: 2,
      },
    );

    expect(fallback.pages.map((p) => p.loc)).toEqual([`${shop.url}/fallback/1`]);
    expect(given).toMatchObject({
      truncated: true,
      pages: [{ loc: `${shop.url}/p/2` }, { loc: `${shop.url}/p/3` }],
    });
  });
});
