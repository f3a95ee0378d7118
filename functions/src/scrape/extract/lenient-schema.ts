/**
 * Repairs for schema.org data as shop platforms actually write it: property names in the wrong case
 * ('lowprice', 'pricecurrency') and prices wrapped in objects ('{"sales": {"value": 3499}}').
 */

type Item = Record<string, unknown>;

/** The schema.org properties the reader uses, by their lower-case spelling. */
const SCHEMA_KEYS = new Map(
  [
    'price',
    'lowPrice',
    'highPrice',
    'priceCurrency',
    'availability',
    'offers',
    'priceSpecification',
    'priceType',
    'referenceQuantity',
    'productID',
  ].map((k) => [k.toLowerCase(), k]),
);
/** Keys of a wrapped price that hold the amount itself, in order of preference. */
const AMOUNT_KEYS = ['value', 'amount', 'price', 'decimalPrice'];
/** Keys of a wrapped price that hold a reference price, never what the shopper pays now. */
const REFERENCE_KEY = /list|regular|original|was|old|msrp|rrp|strike|before|compare/i;

/** The item with misspelt schema.org property names under their proper names (never overwriting). */
export function withSchemaKeys(item: Item): Item {
  let out: Item | null = null;
  for (const key of Object.keys(item)) {
    const proper = SCHEMA_KEYS.get(key.toLowerCase());
    if (!proper || proper === key || item[proper] !== undefined) continue;
    out ??= { ...item };
    out[proper] = item[key];
  }
  return out ?? item;
}

/**
 * The amount inside a price written as an object: its own value or amount, else the first nested
 * price that is not a reference price. Plain values come back unchanged.
 */
export function unwrapAmount(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 2) return value;
  const item = value as Item;
  for (const key of AMOUNT_KEYS) {
    const v = item[key];
    if (typeof v === 'number' || typeof v === 'string') return v;
  }
  for (const [key, v] of Object.entries(item)) {
    if (REFERENCE_KEY.test(key) || typeof v !== 'object' || v === null) continue;
    const inner = unwrapAmount(v, depth + 1);
    if (typeof inner === 'number' || typeof inner === 'string') return inner;
  }
  return undefined;
}
