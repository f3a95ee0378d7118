/**
 * Reading a competitor's sitemaps (issue 32; sitemaps.org protocol): a sitemap index names more
 * sitemaps, a urlset names pages, each with its last change when given; a plain-text sitemap is one
 * address a line. Read as a stream (a gunzipped part may hold 50,000 addresses), keeping at most
 * `max` entries, each an absolute http(s) address.
 */
import { Parser } from 'htmlparser2';

export interface SitemapEntry {
  readonly loc: string;
  /** Its `<lastmod>` as written (W3C datetime), or null. */
  readonly lastmod: string | null;
}

export interface SitemapContent {
  /** `index`: its entries are sitemaps; `urlset` (and plain text): pages. */
  readonly kind: 'index' | 'urlset';
  readonly entries: SitemapEntry[];
  /** More entries were there than kept. */
  readonly truncated: boolean;
}

const MAX_ADDRESS = 2048;

/** The address as kept, or null when it is no absolute http(s) address we would fetch. */
function address(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_ADDRESS) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** A streaming reader: `write` the text as it arrives, then `end`. */
export class SitemapReader {
  private kind: SitemapContent['kind'] | undefined;
  private readonly entries: SitemapEntry[] = [];
  private truncated = false;
  private plain: boolean | undefined;
  private plainRest = '';
  private inEntry = false;
  private field: 'loc' | 'lastmod' | undefined;
  private loc = '';
  private lastmod = '';
  private readonly parser = new Parser(
    {
      onopentag: (raw) => {
        const name = localName(raw);
        if (this.kind === undefined && (name === 'sitemapindex' || name === 'urlset'))
          this.kind = name === 'sitemapindex' ? 'index' : 'urlset';
        if (name === 'url' || name === 'sitemap') {
          this.inEntry = true;
          this.loc = '';
          this.lastmod = '';
        } else if (this.inEntry && (name === 'loc' || name === 'lastmod')) this.field = name;
      },
      ontext: (text) => {
        if (this.field === 'loc') this.loc += text;
        else if (this.field === 'lastmod') this.lastmod += text;
      },
      onclosetag: (raw) => {
        const name = localName(raw);
        if (name === 'loc' || name === 'lastmod') this.field = undefined;
        else if ((name === 'url' || name === 'sitemap') && this.inEntry) {
          this.inEntry = false;
          this.add(this.loc, this.lastmod.trim() || null);
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );

  constructor(private readonly max: number) {}

  write(text: string): void {
    if (this.plain === undefined) {
      const start = text.trimStart();
      if (start === '') return;
      this.plain = !start.startsWith('<');
    }
    if (!this.plain) {
      this.parser.write(text);
      return;
    }
    const lines = (this.plainRest + text).split(/\r?\n/);
    this.plainRest = lines.pop() ?? '';
    for (const line of lines) this.add(line, null);
  }

  end(): SitemapContent {
    if (this.plain) this.add(this.plainRest, null);
    else this.parser.end();
    return { kind: this.kind ?? 'urlset', entries: this.entries, truncated: this.truncated };
  }

  /** Whether it has all it may keep (the rest of the stream need not be read). */
  get full(): boolean {
    return this.truncated;
  }

  private add(loc: string, lastmod: string | null): void {
    const kept = address(loc);
    if (!kept) return;
    if (this.entries.length >= this.max) {
      this.truncated = true;
      return;
    }
    this.entries.push({ loc: kept, lastmod });
  }
}

/** A tag's name without its namespace prefix (`sm:loc` is `loc`), lower case. */
const localName = (raw: string) => raw.slice(raw.indexOf(':') + 1).toLowerCase();

/** The whole text at once. */
export function readSitemap(text: string, max: number): SitemapContent {
  const reader = new SitemapReader(max);
  reader.write(text);
  return reader.end();
}
