/**
 * What a competitor's page says of its product, for matching (issue 32): its name, brand and
 * identifiers from schema.org Product data (JSON-LD or microdata), and its price as a check reads it
 * (extractPage, without the model). A page with neither Product data nor a price is not a product
 * page.
 */
import { type CheerioAPI, load } from 'cheerio';
import type { FoundProductRecord } from '../data/discovered-page.repository';
import { extractPage } from '../scrape/extract/extract-page';
import { parseLenientJson } from '../scrape/extract/json-ld';

/** The product on a page: its price an exact decimal string, or null when none a check would take. */
export type PageProduct = FoundProductRecord;

interface Identity {
  name: string | null;
  brand: string | null;
  gtins: string[];
  mpn: string | null;
  sku: string | null;
}

const GTIN_KEYS = ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'isbn'];
const MAX_TEXT = 300;

/** A short text value, or null. */
function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat === '' ? null : flat.slice(0, MAX_TEXT);
}

/** A brand given as text, or as a Brand or Organization with a name. */
function brandOf(value: unknown): string | null {
  if (Array.isArray(value)) return brandOf(value[0]);
  if (value && typeof value === 'object') return text((value as Record<string, unknown>).name);
  return text(value);
}

const isProduct = (type: unknown): boolean =>
  (Array.isArray(type) ? type : [type]).some(
    (t) =>
      typeof t === 'string' &&
      /^(?:https?:\/\/schema\.org\/)?(Product|ProductModel|IndividualProduct)$/.test(t),
  );

/** Every object in a JSON-LD document: top level, arrays and `@graph`s. */
function* objects(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 6) return;
  if (Array.isArray(value)) for (const item of value) yield* objects(item, depth + 1);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    yield record;
    if (record['@graph']) yield* objects(record['@graph'], depth + 1);
  }
}

function fromJsonLd($: CheerioAPI): Identity | null {
  for (const script of $('script[type="application/ld+json"]').toArray()) {
    let document: unknown;
    try {
      document = parseLenientJson($(script).text());
    } catch {
      continue;
    }
    for (const item of objects(document)) {
      if (!isProduct(item['@type'])) continue;
      const offers = [item.offers]
        .flat()
        .filter((o): o is Record<string, unknown> => !!o && typeof o === 'object');
      const gtins = [item, ...offers].flatMap((source) => GTIN_KEYS.map((key) => text(source[key])));
      return {
        name: text(item.name),
        brand: brandOf(item.brand ?? item.manufacturer),
        gtins: [...new Set(gtins.filter((g): g is string => g !== null))],
        mpn: text(item.mpn) ?? offers.map((o) => text(o.mpn)).find(Boolean) ?? null,
        sku: text(item.sku) ?? offers.map((o) => text(o.sku)).find(Boolean) ?? null,
      };
    }
  }
  return null;
}

function fromMicrodata($: CheerioAPI): Identity | null {
  const product = $('[itemscope][itemtype*="schema.org/Product"]').first();
  if (product.length === 0) return null;
  const prop = (name: string) => {
    const element = product.find(`[itemprop="${name}"]`).first();
    if (element.length === 0) return null;
    // A brand may be an item of its own with a name.
    const nested = element.is('[itemscope]') ? element.find('[itemprop="name"]').first() : element;
    return text(nested.attr('content') ?? nested.text());
  };
  return {
    name: prop('name'),
    brand: prop('brand'),
    gtins: GTIN_KEYS.map(prop).filter((g): g is string => g !== null),
    mpn: prop('mpn'),
    sku: prop('sku'),
  };
}

/** The page's name for its product when it gives no Product data: og:title, else its first heading. */
function shownName($: CheerioAPI): string | null {
  return (
    text($('meta[property="og:title"]').attr('content')) ??
    text($('h1').first().text()) ??
    text($('title').text())
  );
}

/** The product on a page, or null when the page is not a product page. */
export async function productOnPage(html: string, url: string): Promise<PageProduct | null> {
  const $ = load(html);
  const identity = fromJsonLd($) ?? fromMicrodata($);
  const extracted = await extractPage(html, url);
  const price = extracted.outcome === 'ok' || extracted.outcome === 'review' ? extracted.price : null;
  if (!identity && price === null) return null;
  const name = identity?.name ?? shownName($);
  if (!name) return null;
  return {
    url,
    name,
    brand: identity?.brand ?? null,
    gtins: identity?.gtins ?? [],
    mpn: identity?.mpn ?? null,
    sku: identity?.sku ?? null,
    price,
    currency: price === null ? null : extracted.currency,
  };
}
