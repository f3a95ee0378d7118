/**
 * Reading a competitor's product feed (issue 32): a Google Merchant Center feed (RSS 2.0 `item`s or
 * Atom `entry`s with `g:` fields) or a CSV with a header row naming `link`, `title`, `gtin`, `mpn`,
 * `brand`, `price`, `currency` and `availability` in any order. Each item is a product found, with
 * its price and stock, without fetching its page. Read as a stream: `write` the text as it arrives.
 */
import { type CsvError, type Parser as CsvParser, parse } from 'csv-parse';
import { Parser } from 'htmlparser2';
import { normaliseCurrency, parseMachinePrice } from '../scrape/extract/price-parse';
import type { PageProduct } from './page-product';

export type FeedFormat = 'google-merchant-xml' | 'csv';

export interface FeedItem extends PageProduct {
  /** From `availability`: in stock, out of stock, or null when it says neither. */
  readonly in_stock: boolean | null;
}

export interface FeedContent {
  readonly items: FeedItem[];
  /** Items left out: no address, no title, or more than the reader keeps. */
  readonly skipped: number;
  readonly truncated: boolean;
}

/** The columns a CSV feed must have. */
export const CSV_FEED_COLUMNS = [
  'link',
  'title',
  'gtin',
  'mpn',
  'brand',
  'price',
  'currency',
  'availability',
] as const;
const MAX_TEXT = 300;

const text = (value: string | undefined): string | null => {
  const flat = (value ?? '').replace(/\s+/g, ' ').trim();
  return flat === '' ? null : flat.slice(0, MAX_TEXT);
};

function webAddress(value: string | undefined): string | null {
  try {
    const url = new URL((value ?? '').trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function stock(value: string | undefined): boolean | null {
  const said = (value ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
  if (said === 'in stock' || said.endsWith('/instock')) return true;
  if (said === 'out of stock' || said.endsWith('/outofstock')) return false;
  return null;
}

/** An item from its fields by name, or null when it has no address or title. */
export function feedItem(fields: Readonly<Record<string, string | undefined>>): FeedItem | null {
  const url = webAddress(fields.link);
  const name = text(fields.title);
  if (!url || !name) return null;
  // A sale price is what a shopper pays while it runs.
  const parsed =
    parseMachinePrice(text(fields.sale_price) ?? '') ?? parseMachinePrice(text(fields.price) ?? '');
  const gtin = text(fields.gtin);
  return {
    url,
    name,
    brand: text(fields.brand),
    gtins: gtin ? gtin.split(/[,\s]+/).filter(Boolean) : [],
    mpn: text(fields.mpn),
    sku: text(fields.id),
    price: parsed?.amount ?? null,
    currency: parsed ? (normaliseCurrency(fields.currency ?? '') ?? parsed.currency) : null,
    in_stock: stock(fields.availability),
  };
}

/** The items of a feed as it arrives; `end` once it has all arrived. */
export interface FeedReader {
  write(chunk: string): void;
  end(): Promise<FeedContent>;
}

export function feedReader(format: FeedFormat, maxItems: number): FeedReader {
  const content = { items: [] as FeedItem[], skipped: 0, truncated: false };
  const add = (fields: Record<string, string | undefined>) => {
    const item = feedItem(fields);
    if (!item) content.skipped++;
    else if (content.items.length >= maxItems) content.truncated = true;
    else content.items.push(item);
  };
  return format === 'csv' ? csvReader(add, content) : merchantReader(add, content);
}

const localName = (raw: string) => raw.slice(raw.indexOf(':') + 1).toLowerCase();

function merchantReader(add: (fields: Record<string, string>) => void, content: FeedContent): FeedReader {
  let fields: Record<string, string> | null = null;
  let field: string | null = null;
  const parser = new Parser(
    {
      onopentag: (raw, attributes) => {
        const name = localName(raw);
        if (name === 'item' || name === 'entry') fields = {};
        else if (fields) {
          field = name;
          // Atom gives its link as an attribute.
          if (name === 'link' && attributes.href) fields.link = attributes.href;
        }
      },
      ontext: (value) => {
        if (fields && field) fields[field] = (fields[field] ?? '') + value;
      },
      onclosetag: (raw) => {
        const name = localName(raw);
        if ((name === 'item' || name === 'entry') && fields) {
          add(fields);
          fields = null;
        }
        field = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  return {
    write: (chunk) => parser.write(chunk),
    end: async () => {
      parser.end();
      return content;
    },
  };
}

function csvReader(add: (fields: Record<string, string>) => void, content: FeedContent): FeedReader {
  const parser: CsvParser = parse({
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      const missing = CSV_FEED_COLUMNS.filter((column) => !names.includes(column));
      if (missing.length > 0) throw new Error(`The feed has no ${missing.join(', ')} column`);
      return names;
    },
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  parser.on('data', (record: Record<string, string>) => add(record));
  const done = new Promise<FeedContent>((resolve, reject) => {
    parser.on('end', () => resolve(content));
    parser.on('error', (error: CsvError | Error) => reject(new Error(error.message)));
  });
  done.catch(() => undefined);
  return {
    write: (chunk) => {
      parser.write(chunk);
    },
    end: () => {
      parser.end();
      return done;
    },
  };
}
