import { describe, expect, it } from 'vitest';
import { readSitemap, SitemapReader } from './sitemap';

describe('reading a sitemap', () => {
  it('reads a urlset: each page with its last change, entities decoded', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://shop.example/p/1?colour=red&amp;size=m</loc><lastmod>2026-11-01</lastmod></url>
  <url><loc>
    https://shop.example/p/2
  </loc><changefreq>daily</changefreq></url>
</urlset>`;
    expect(readSitemap(xml, 100)).toEqual({
      kind: 'urlset',
      truncated: false,
      entries: [
        { loc: 'https://shop.example/p/1?colour=red&size=m', lastmod: '2026-11-01' },
        { loc: 'https://shop.example/p/2', lastmod: null },
      ],
    });
  });

  it('reads an index of sitemaps, with a namespace prefix too', () => {
    const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
<sm:sitemap><sm:loc>https://shop.example/sitemap-1.xml.gz</sm:loc></sm:sitemap></sm:sitemapindex>`;
    expect(readSitemap(xml, 100)).toEqual({
      kind: 'index',
      truncated: false,
      entries: [{ loc: 'https://shop.example/sitemap-1.xml.gz', lastmod: null }],
    });
  });

  it('reads a plain-text sitemap, one address a line', () => {
    expect(
      readSitemap('https://shop.example/a\r\nhttps://shop.example/b\n', 10).entries.map((e) => e.loc),
    ).toEqual(['https://shop.example/a', 'https://shop.example/b']);
  });

  it('leaves out what is no http(s) address, and keeps at most max entries', () => {
    const urls = [
      'javascript:alert(1)',
      'ftp://shop.example/x',
      '/relative',
      'https://u:p@shop.example/',
      'https://shop.example/1',
      'https://shop.example/2',
      'https://shop.example/3',
    ];
    const xml = `<urlset>${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;
    expect(readSitemap(xml, 2)).toEqual({
      kind: 'urlset',
      truncated: true,
      entries: [
        { loc: 'https://shop.example/1', lastmod: null },
        { loc: 'https://shop.example/2', lastmod: null },
      ],
    });
  });

  it('reads a stream cut anywhere, and tells when it is full', () => {
    const xml = `<urlset>${Array.from({ length: 5 }, (_, i) => `<url><loc>https://shop.example/${i}</loc></url>`).join('')}</urlset>`;
    const reader = new SitemapReader(3);
    for (let at = 0; at < xml.length; at += 7) reader.write(xml.slice(at, at + 7));
    expect(reader.full).toBe(true);
    expect(reader.end().entries.map((e) => e.loc)).toEqual([
      'https://shop.example/0',
      'https://shop.example/1',
      'https://shop.example/2',
    ]);
  });
});
