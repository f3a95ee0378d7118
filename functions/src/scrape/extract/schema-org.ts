/**
 * Reads schema.org Product / ProductGroup / Offer / AggregateOffer items into price candidates. The
 * items come from JSON-LD, or from microdata and RDFa converted to the same plain-object shape, and
 * are untrusted: every field is checked for type and size before use.
 */
import { type PriceCandidate, type SourceKind, type Stock, snippetOf } from './candidate';
import { unwrapAmount, withSchemaKeys } from './lenient-schema';
import { normaliseGtin } from './offer-match';
import { canonicalAmount, normaliseCurrency, type ParseOptions, parseMachinePrice } from './price-parse';

type Item = Record<string, unknown>;

const MAX_DEPTH = 24;
const MAX_NODES = 5_000;
const ID_KEYS = ['sku', 'gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn', 'productID', 'identifier'];
const GTIN_KEYS = ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'isbn'];
/** schema.org OfferItemCondition values other than new, by what staff would call them. */
const CONDITIONS: Readonly<Record<string, string>> = {
  newcondition: 'new',
  new: 'new',
  usedcondition: 'used',
  used: 'used',
  refurbishedcondition: 'refurbished',
  refurbished: 'refurbished',
  damagedcondition: 'damaged',
  damaged: 'damaged',
};
/** Words in an offer's name or seller that say it is not the shop's own new product. */
const NOT_NEW_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\b(used|pre[- ]?owned|second[- ]hand|gebraucht|occasion|usato|usado|tweedehands)\b/i, 'used'],
  [
    /\b(refurbished|renewed|reconditioned|remanufactured|generalüberholt|ricondizionato|reacondicionado)\b/i,
    'refurbished',
  ],
  [/\b(open[- ]box|ex[- ]display|b[- ]?ware|b-stock)\b/i, 'open box'],
  [/\b(marketplace|third[- ]party seller|other sellers?)\b/i, 'marketplace seller'],
];
/** Price specifications that name a reference price, not what the shopper pays now. */
const REFERENCE_PRICE = /ListPrice|StrikethroughPrice|MSRP|SRP|InvoicePrice|MinimumAdvertisedPrice/i;

/** The last segment of a schema.org type ('http://schema.org/Product' → 'Product'). */
function typesOf(item: Item): string[] {
  const raw = item['@type'] ?? item.type;
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^.*[/:#]/, '').trim())
    .filter(Boolean);
}

/** schema.org availability ('https://schema.org/InStock', 'instock', 'in stock') to a stock state. */
export function stockFromAvailability(value: unknown): Stock {
  const first = Array.isArray(value) ? value[0] : value;
  const text = typeof first === 'string' ? first : isItem(first) ? first['@id'] : undefined;
  if (typeof text !== 'string') return 'unknown';
  const key = text
    .replace(/^.*[/:#]/, '')
    .replace(/[\s_-]/g, '')
    .toLowerCase();
  if (['instock', 'limitedavailability', 'onlineonly', 'instoreonly', 'available'].includes(key)) {
    return 'in_stock';
  }
  if (['outofstock', 'soldout', 'discontinued', 'unavailable'].includes(key)) return 'out_of_stock';
  return 'unknown';
}

export interface ReadContext {
  readonly source: SourceKind;
  /** Where the items were found ('JSON-LD block 2'), prefixed to each candidate's path. */
  readonly origin: string;
  readonly parse: ParseOptions;
}

/** Every offer price in the items, with the ids and addresses of the product it belongs to. */
export function offersFromItems(items: readonly unknown[], context: ReadContext): PriceCandidate[] {
  const out: PriceCandidate[] = [];
  let visited = 0;
  const visit = (raw: unknown, path: string, depth: number, product: ProductInfo | null): void => {
    if (depth > MAX_DEPTH || ++visited > MAX_NODES) return;
    if (Array.isArray(raw)) {
      raw.forEach((child, i) => {
        visit(child, `${path}[${i}]`, depth + 1, product);
      });
      return;
    }
    if (!isItem(raw)) return;
    const node = withSchemaKeys(raw);
    const types = typesOf(node);
    if (types.some((t) => t === 'Offer' || t === 'AggregateOffer')) {
      out.push(...readOffer(node, path, product, context));
      return;
    }
    const isProduct = types.some((t) =>
      /^(Product|ProductGroup|ProductModel|IndividualProduct|Vehicle|Book)$/.test(t),
    );
    const here = isProduct ? productInfo(node, product) : product;
    if (isProduct && node.offers === undefined && node.price !== undefined) {
      // Microdata often puts itemprop=price straight on the Product.
      out.push(...readOffer(node, path, here, context));
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '@context') continue;
      if (isProduct && key === 'offers' && isItem(value) && typesOf(value).length === 0) {
        // Some shops omit @type on the offer object: under a product's `offers`, it is an Offer.
        out.push(...readOffer(value, `${path}.offers`, here, context));
        continue;
      }
      if (isProduct && key === 'offers' && Array.isArray(value)) {
        value.forEach((offer, i) => {
          if (isItem(offer) && typesOf(offer).length === 0) {
            out.push(...readOffer(offer, `${path}.offers[${i}]`, here, context));
          } else visit(offer, `${path}.offers[${i}]`, depth + 1, here);
        });
        continue;
      }
      // Related and similar products are other products: their offers are not this page's price.
      if (
        /^(isRelatedTo|isSimilarTo|isAccessoryOrSparePartFor|isConsumableFor|review|aggregateRating)$/.test(
          key,
        )
      ) {
        continue;
      }
      visit(value, path ? `${path}.${key}` : key, depth + 1, here);
    }
  };
  items.forEach((item, i) => {
    visit(item, items.length > 1 ? `[${i}]` : '', 0, null);
  });
  return out;
}

interface ProductInfo {
  readonly name: string | null;
  readonly ids: string[];
  readonly urls: string[];
  readonly gtins: string[];
  readonly condition: string | undefined;
}

function productInfo(node: Item, parent: ProductInfo | null): ProductInfo {
  return {
    name: shortString(node.name) ?? parent?.name ?? null,
    ids: [...idsOf(node), ...(parent?.ids ?? [])],
    urls: [...urlsOf(node), ...(parent?.urls ?? [])],
    gtins: [...gtinsOf(node), ...(parent?.gtins ?? [])],
    condition: conditionOf(node) ?? parent?.condition,
  };
}

function readOffer(
  rawOffer: Item,
  path: string,
  product: ProductInfo | null,
  context: ReadContext,
): PriceCandidate[] {
  const offer = withSchemaKeys(rawOffer);
  const types = typesOf(offer);
  const gtins = [...gtinsOf(offer), ...(product?.gtins ?? [])];
  const condition = conditionOf(offer, true) ?? product?.condition;
  const base = {
    source: context.source,
    stock: stockFromAvailability(offer.availability),
    ids: [...idsOf(offer), ...(product?.ids ?? [])],
    urls: [...urlsOf(offer), ...(product?.urls ?? [])],
    ...(gtins.length > 0 ? { gtins: [...new Set(gtins)] } : {}),
    ...(condition ? { condition } : {}),
  };
  const currencyOf = (node: Item) => normaliseCurrency(first(node.priceCurrency), context.parse);
  const make = (value: unknown, currency: string | null, kind: PriceCandidate['kind'], field: string) => {
    const parsed = parseMachinePrice(unwrapAmount(first(value)), context.parse);
    if (!parsed) return null;
    const where = `${context.origin} ${path}.${field}`.trim();
    const name = product?.name ? `${product.name}: ` : '';
    const snippet = snippetOf(`${name}${field}=${String(unwrapAmount(first(value)))} ${currency ?? ''}`);
    const candidate: PriceCandidate = {
      ...base,
      amount: parsed.amount,
      currency: currency ?? parsed.currency,
      kind,
      score: 0,
      where,
      snippet,
    };
    return candidate;
  };
  const found: (PriceCandidate | null)[] = [];
  if (types.includes('AggregateOffer')) {
    const low = first(offer.lowPrice) ?? first(offer.price);
    const high = first(offer.highPrice);
    const amountOf = (v: unknown) => {
      const parsed = parseMachinePrice(unwrapAmount(v));
      return parsed ? canonicalAmount(parsed.amount) : null;
    };
    const single = high === undefined || amountOf(high) === amountOf(low);
    found.push(make(low, currencyOf(offer), single ? 'offer' : 'range-low', 'lowPrice'));
    // A `price` beside another single `lowPrice` is a second claim: the page decides between them.
    const price = first(offer.price);
    if (single && offer.lowPrice !== undefined && price !== undefined && amountOf(price) !== amountOf(low))
      found.push(make(price, currencyOf(offer), 'offer', 'price'));
    const nested = offer.offers;
    if (Array.isArray(nested) || isItem(nested)) {
      const list = Array.isArray(nested) ? nested : [nested];
      list.forEach((child, i) => {
        if (isItem(child)) found.push(...readOffer(child, `${path}.offers[${i}]`, product, context));
      });
    }
    return found.filter((c): c is PriceCandidate => c !== null);
  }
  if (offer.price !== undefined && offer.price !== null && offer.price !== '') {
    // Two `price` properties on one offer (microdata written twice) are two claims, each a candidate.
    const prices = Array.isArray(offer.price) ? offer.price : [offer.price];
    prices.forEach((price, i) => {
      found.push(make(price, currencyOf(offer), 'offer', prices.length > 1 ? `price[${i}]` : 'price'));
    });
  } else if (offer.lowPrice !== undefined) {
    found.push(make(offer.lowPrice, currencyOf(offer), 'range-low', 'lowPrice'));
  } else {
    const specs = offer.priceSpecification;
    const list = Array.isArray(specs) ? specs : [specs];
    list.forEach((rawSpec, i) => {
      if (!isItem(rawSpec)) return;
      const spec = withSchemaKeys(rawSpec);
      const priceType = shortString(spec.priceType) ?? '';
      if (REFERENCE_PRICE.test(priceType) || spec.referenceQuantity !== undefined) return;
      const currency = currencyOf(spec) ?? currencyOf(offer);
      found.push(make(spec.price, currency, 'offer', `priceSpecification[${i}].price`));
    });
  }
  return found.filter((c): c is PriceCandidate => c !== null);
}

function idsOf(node: Item): string[] {
  const ids: string[] = [];
  for (const key of ID_KEYS) {
    const values = Array.isArray(node[key]) ? (node[key] as unknown[]) : [node[key]];
    for (const v of values) {
      const value = typeof v === 'number' ? String(v) : isItem(v) ? shortString(v.value) : shortString(v);
      if (value) ids.push(value.toLowerCase());
    }
  }
  return ids;
}

function gtinsOf(node: Item): string[] {
  const gtins: string[] = [];
  for (const key of GTIN_KEYS) {
    const values = Array.isArray(node[key]) ? (node[key] as unknown[]) : [node[key]];
    for (const v of values) {
      const gtin = normaliseGtin(typeof v === 'number' ? String(v) : (shortString(v) ?? ''));
      if (gtin) gtins.push(gtin);
    }
  }
  return gtins;
}

/**
 * 'new', another condition, or undefined when the item does not say. An offer's name or seller may
 * say it in words; a product's description may not ('used by professionals').
 */
function conditionOf(node: Item, readWords = false): string | undefined {
  const raw = first(node.itemCondition);
  const value = typeof raw === 'string' ? raw : isItem(raw) ? raw['@id'] : undefined;
  if (typeof value === 'string') {
    const known =
      CONDITIONS[
        value
          .replace(/^.*[/:#]/, '')
          .replace(/[\s_-]/g, '')
          .toLowerCase()
      ];
    if (known) return known;
  }
  if (!readWords) return undefined;
  const seller = isItem(first(node.seller)) ? shortString((first(node.seller) as Item).name) : null;
  const words = [shortString(node.name), seller].filter(Boolean).join(' ');
  return NOT_NEW_WORDS.find(([pattern]) => pattern.test(words))?.[1];
}

function urlsOf(node: Item): string[] {
  const url = shortString(node.url) ?? shortString(node['@id']);
  return url ? [url] : [];
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function shortString(value: unknown): string | null {
  const v = first(value);
  if (typeof v !== 'string') return null;
  const trimmed = v.trim();
  return trimmed.length > 0 && trimmed.length <= 500 ? trimmed : null;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
