/**
 * The pages a competitor lists in its sitemaps (issue 32): the sitemaps given, else those its
 * robots.txt names, else `/sitemap.xml`; indexes followed (3 levels at most), gzipped parts
 * unpacked; the pages on the competitor's domain kept, each once, up to `maxPages`. A sitemap that
 * cannot be read is reported and the others still read. Every request goes through the run's
 * guarded fetcher: paced per host, robots.txt obeyed, the address policy held.
 */
import { gunzipSync } from 'node:zlib';
import { isOnDomain } from '@cmp/shared';
import type { GuardedFetcher, RequestPacer } from '../scrape/fetch/guarded-fetch';
import { readSitemap, type SitemapEntry } from './sitemap';

/** The sitemaps protocol's own limit on one sitemap, unpacked. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
const SITEMAP_TIME_LIMIT_MS = 120_000;
/** Sitemaps read in one job at most (an index of indexes cannot make it read thousands). */
const MAX_SITEMAPS = 500;
const MAX_DEPTH = 3;
/** The protocol's limit on the addresses of one sitemap. */
const MAX_ENTRIES = 50_000;

export interface SitemapPages {
  readonly pages: SitemapEntry[];
  readonly sitemapsRead: number;
  /** More pages were listed than `maxPages`. */
  readonly truncated: boolean;
  /** One line per sitemap that could not be read: its address and why. */
  readonly errors: string[];
}

/** The sitemap's text: gzip (by its magic bytes, whatever the name or type says) unpacked. */
export function sitemapText(bytes: Uint8Array): string {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (!gzipped) return new TextDecoder().decode(bytes);
  try {
    return new TextDecoder().decode(gunzipSync(bytes, { maxOutputLength: SITEMAP_MAX_BYTES }));
  } catch (error) {
    if (error instanceof RangeError)
      throw new Error(`larger than ${SITEMAP_MAX_BYTES / 1024 / 1024} MiB unpacked`);
    throw new Error('not a readable gzip file');
  }
}

export async function sitemapPages(
  competitor: { readonly domain: string; readonly sitemaps: readonly string[] },
  fetcher: GuardedFetcher,
  options: { readonly maxPages: number; readonly pacer?: RequestPacer; readonly scheme?: 'https' | 'http' },
): Promise<SitemapPages> {
  const home = `${options.scheme ?? 'https'}://${competitor.domain}/`;
  const start =
    competitor.sitemaps.length > 0
      ? [...competitor.sitemaps]
      : await fetcher.sitemapsOf(home, options.pacer).then(
          (named) => (named.length > 0 ? named : [new URL('/sitemap.xml', home).href]),
          () => [new URL('/sitemap.xml', home).href],
        );
  const queue = start.map((loc) => ({ loc, depth: 0 }));
  const seenSitemaps = new Set(start);
  const seenPages = new Set<string>();
  const pages: SitemapEntry[] = [];
  const errors: string[] = [];
  let truncated = false;
  let sitemapsRead = 0;
  while (queue.length > 0 && !truncated && sitemapsRead < MAX_SITEMAPS) {
    const { loc, depth } = queue.shift() as { loc: string; depth: number };
    let content: ReturnType<typeof readSitemap>;
    try {
      const file = await fetcher.fetchFile(loc, options.pacer, {
        maxBytes: SITEMAP_MAX_BYTES,
        timeLimitMs: SITEMAP_TIME_LIMIT_MS,
      });
      sitemapsRead++;
      content = readSitemap(sitemapText(file.bytes), MAX_ENTRIES);
    } catch (error) {
      errors.push(`${loc}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (content.kind === 'index') {
      if (depth + 1 > MAX_DEPTH) {
        errors.push(`${loc}: sitemap indexes nested more than ${MAX_DEPTH} deep`);
        continue;
      }
      for (const entry of content.entries)
        if (!seenSitemaps.has(entry.loc)) {
          seenSitemaps.add(entry.loc);
          queue.push({ loc: entry.loc, depth: depth + 1 });
        }
      continue;
    }
    for (const entry of content.entries) {
      if (!isOnDomain(entry.loc, competitor.domain) || seenPages.has(entry.loc)) continue;
      if (pages.length >= options.maxPages) {
        truncated = true;
        break;
      }
      seenPages.add(entry.loc);
      pages.push(entry);
    }
    if (content.truncated)
      errors.push(`${loc}: more than ${MAX_ENTRIES} addresses; the first ${MAX_ENTRIES} read`);
  }
  return { pages, sitemapsRead, truncated, errors };
}
