import { notAPrice } from './not-a-price';

/**
 * Turns price strings as shops print them ('£1,299.99', '1.234,56 €', 'CHF 12.–') into an exact
 * decimal string plus an ISO 4217 currency when the string tells it. Never uses floating point for
 * the amount, so '0.10' stays '0.10' and nothing rounds.
 */

export interface ParsedPrice {
  /** Exact decimal with '.' as separator and no grouping: '1299.99', '12', '0.50'. */
  readonly amount: string;
  /** ISO 4217 code, or null when the string does not say (or '$' / 'kr' without a country). */
  readonly currency: string | null;
}

export interface ParseOptions {
  /** ISO 3166 alpha-2 country of the page (from its host); resolves '$', 'kr' and 'Rs'. */
  readonly country?: string | null;
}

const DOLLAR_BY_COUNTRY: Readonly<Record<string, string>> = {
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  HK: 'HKD',
  SG: 'SGD',
  TW: 'TWD',
  MX: 'MXN',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  UY: 'UYU',
  BR: 'BRL',
};
const KRONA_BY_COUNTRY: Readonly<Record<string, string>> = { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' };
const RUPEE_BY_COUNTRY: Readonly<Record<string, string>> = { IN: 'INR', PK: 'PKR', LK: 'LKR', NP: 'NPR' };

/** Symbols and words that name exactly one currency; ambiguous ones are resolved by country. */
const CURRENCY_TOKENS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['USD', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['NT$', 'TWD'],
  ['S$', 'SGD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['원', 'KRW'],
  ['₽', 'RUB'],
  ['руб', 'RUB'],
  ['₺', 'TRY'],
  ['₴', 'UAH'],
  ['грн', 'UAH'],
  ['₪', 'ILS'],
  ['฿', 'THB'],
  ['₫', 'VND'],
  ['₱', 'PHP'],
  ['₸', 'KZT'],
  ['тг', 'KZT'],
  ['Kč', 'CZK'],
  ['zł', 'PLN'],
  ['Ft', 'HUF'],
  ['lei', 'RON'],
  ['лв', 'BGN'],
  ['ر.س', 'SAR'],
  ['د.إ', 'AED'],
  ['円', 'JPY'],
  ['Rp', 'IDR'],
  ['CHF', 'CHF'],
  ['Fr.', 'CHF'],
  ['TL', 'TRY'],
  ['RM', 'MYR'],
  ['₦', 'NGN'],
  ['KSh', 'KES'],
];

/**
 * Signs that name a currency only with the page's country: '$' is USD in the US and CAD in Canada.
 * Tried in this order after the unambiguous tokens; the first sign found decides.
 */
const COUNTRY_SIGNS: ReadonlyArray<{
  readonly signs: readonly string[];
  readonly pattern: RegExp;
  readonly currency: (country: string | null) => string | null;
}> = [
  { signs: ['$'], pattern: /\$/, currency: (c) => (c && DOLLAR_BY_COUNTRY[c]) || (c ? null : 'USD') },
  {
    signs: ['kr', 'kr.', ':-'],
    pattern: /\bkr\b|\bkr\.|:-/i,
    currency: (c) => (c && KRONA_BY_COUNTRY[c]) ?? null,
  },
  {
    signs: ['Rs', 'Rs.', '₨'],
    pattern: /\bRs\.?(?=\s|\d|$)|₨/i,
    currency: (c) => (c && RUPEE_BY_COUNTRY[c]) ?? null,
  },
  { signs: ['¥'], pattern: /¥/, currency: (c) => (c === 'CN' ? 'CNY' : 'JPY') },
  // 元 is the yuan in China and the word for dollar in Taiwan and Hong Kong.
  { signs: ['元'], pattern: /元/, currency: (c) => (c === 'TW' ? 'TWD' : c === 'HK' ? 'HKD' : 'CNY') },
];

/** Letter tokens match as whole words only, so 'ft' in 'soft' is not a forint. */
const TOKEN_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = CURRENCY_TOKENS.map(([token, code]) => {
  const escaped = token.replace(/[.$]/g, (c) => `\\${c}`);
  return [
    /\p{L}/u.test(token) ? new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, 'iu') : new RegExp(escaped),
    code,
  ];
});

/** Every currency sign and word this parser knows, the ISO codes aside, as written in its tables. */
export const CURRENCY_SIGNS: readonly string[] = [
  ...CURRENCY_TOKENS.map(([token]) => token),
  ...COUNTRY_SIGNS.flatMap((s) => s.signs),
];

/** Money without a currency of its own ('$', 'kr', 'Rs' on a page of unknown country) or a whole-amount tail ('12,-', '99:-'). */
export const MONEY_SIGN = /[$¥₨]|\bkr\b|\brs\.?(?=[\s\d]|$)|,-|\.-|:-/i;

/** ISO codes accepted when written out ('EUR 12', '12 GBP'). */
const ISO_CODES = new Set([
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CNY',
  'HKD',
  'TWD',
  'SGD',
  'INR',
  'PKR',
  'KRW',
  'RUB',
  'TRY',
  'UAH',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'SEK',
  'NOK',
  'DKK',
  'ISK',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'ZAR',
  'ILS',
  'AED',
  'SAR',
  'THB',
  'VND',
  'PHP',
  'IDR',
  'MYR',
  'KZT',
  'BYN',
  'EGP',
  'NGN',
  'KES',
]);

/** Every ISO code this module knows, for validating currencies from structured data and the LLM. */
export function isKnownCurrency(code: string): boolean {
  return ISO_CODES.has(code);
}

const SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
/**
 * A number with optional grouping (space, dot, comma, apostrophe) and an optional ',-' / '.–' tail.
 * A leading '.' (or a doubled '..', as some shops print it: '$..75') or ',' belongs to it ('.99',
 * '€,50') unless a letter precedes it ('Fr.12', 'Rs.99').
 */
const NUMBER = /(?:(?<![\p{L}\d.,])(?:\.\.?|,)(?=\d))?\d(?:[\d.,'’ ]*\d)?(?:[.,]-(?!\d))?/gu;

const EURO_AS_DECIMAL = /(\d) ?€(\d{2})(?![\d.,])/u;

/**
 * Parses one displayed price. Returns null when the text holds no number, several numbers (a range,
 * 'was £10 now £8'), a number that cannot be read unambiguously, or one its words make something
 * other than a price (a percentage, date, quantity, size, unit price, threshold or instalment).
 *
 * @example parsePrice('1.234,56 €') // { amount: '1234.56', currency: 'EUR' }
 * @example parsePrice('$12', { country: 'CA' }) // { amount: '12', currency: 'CAD' }
 */
export function parsePrice(text: string, options: ParseOptions = {}): ParsedPrice | null {
  const clean = text
    .replace(ZERO_WIDTH, '')
    .replace(SPACES, ' ')
    .replace(DASHES, '-')
    .trim()
    // '12€99', as French shops write it: the euro sign stands for the decimal comma.
    .replace(EURO_AS_DECIMAL, '$1,$2 €');
  if (clean.length === 0 || clean.length > 64) return null;
  // 'M-212' (a model) and '10-20' (a range) are not one price.
  if (/[\p{L}\d]-\d/u.test(clean)) return null;
  const numbers = [...clean.matchAll(NUMBER)];
  if (numbers.length !== 1) return null;
  const match = numbers[0];
  if (!match) return null;
  const raw = match[0].trim();
  const amount = normaliseNumber(raw);
  if (amount === null) return null;
  const before = clean.slice(0, match.index);
  const after = clean.slice((match.index ?? 0) + match[0].length);
  const currency = detectCurrency(`${before} ${after}`, options.country ?? null);
  const hasCurrency = currency !== null || MONEY_SIGN.test(clean);
  if (notAPrice({ before, number: raw, after, hasCurrency })) return null;
  return { amount, currency };
}

/**
 * Reads a machine-written price (schema.org `price`, `content` attributes, meta tags): a number or a
 * string that schema.org says uses '.' as decimal separator; falls back to {@link parsePrice} for
 * shops that put a display string there.
 */
export function parseMachinePrice(value: unknown, options: ParseOptions = {}): ParsedPrice | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value >= 1e12) return null;
    return { amount: String(value), currency: null };
  }
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(SPACES, ' ').trim();
  if (/^\d{1,12}(?:\.\d{1,6})?$/.test(trimmed)) return { amount: trimmed, currency: null };
  return parsePrice(trimmed, options);
}

/** The canonical form for comparing amounts: '12.50' and '12.5' and '12' vs '12.00' compare equal. */
export function canonicalAmount(amount: string): string {
  const [intPart = '0', fraction = ''] = amount.split('.');
  const int = intPart.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Reads a currency code, symbol or word ('€', 'eur', 'Kč') into ISO 4217, or null. */
export function normaliseCurrency(value: unknown, options: ParseOptions = {}): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(SPACES, ' ').trim();
  if (text.length === 0 || text.length > 12) return null;
  const upper = text.toUpperCase();
  if (ISO_CODES.has(upper)) return upper;
  return detectCurrency(text, options.country ?? null);
}

function detectCurrency(text: string, country: string | null): string | null {
  const upper = text.toUpperCase();
  for (const word of upper.match(/\b[A-Z]{3}\b/g) ?? []) {
    if (ISO_CODES.has(word)) return word;
  }
  for (const [pattern, code] of TOKEN_PATTERNS) {
    if (pattern.test(text)) return code;
  }
  for (const { pattern, currency } of COUNTRY_SIGNS) {
    if (pattern.test(text)) return currency(country);
  }
  return null;
}

function normaliseNumber(raw: string): string | null {
  // A leading decimal point is one ('.99', '..99'); a leading comma only before exactly two digits (',50').
  if (raw.startsWith('.')) return /^\.\.?\d{1,4}$/.test(raw) ? `0.${raw.replace(/^\.+/, '')}` : null;
  if (raw.startsWith(',')) return /^,\d{2}$/.test(raw) ? `0.${raw.slice(1)}` : null;
  // '12,-' and '12.–' mean a whole amount; drop the tail before reading separators.
  const body = raw.replace(/[.,]-$/, '').replace(/[ '’]/g, (sep, offset: number, whole: string) => {
    // A space, apostrophe groups digits only when three digits follow ('1 299', "1'299").
    return /^\d{3}(?!\d)/.test(whole.slice(offset + 1)) ? '' : sep;
  });
  if (/[ '’]/.test(body)) return null;
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let intPart: string;
  let fraction = '';
  if (lastDot === -1 && lastComma === -1) {
    intPart = body;
  } else if (lastDot !== -1 && lastComma !== -1) {
    const decimalSep = lastDot > lastComma ? '.' : ',';
    const groupSep = decimalSep === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimalSep);
    intPart = body.slice(0, at);
    fraction = body.slice(at + 1);
    if (intPart.includes(decimalSep) || !validGrouping(intPart, groupSep)) return null;
    intPart = intPart.split(groupSep).join('');
  } else {
    const sep = lastDot !== -1 ? '.' : ',';
    const parts = body.split(sep);
    const tail = parts[parts.length - 1] ?? '';
    if (parts.length > 2) {
      if (!validGrouping(body, sep)) return null;
      intPart = parts.join('');
    } else if (tail.length === 3 && parts[0] !== '0') {
      // One separator before exactly three digits is thousands grouping ('1.299', '1,299').
      intPart = parts.join('');
    } else {
      intPart = parts[0] ?? '';
      fraction = tail;
    }
  }
  if (!/^\d+$/.test(intPart) || !/^\d*$/.test(fraction) || fraction.length > 4) return null;
  const int = intPart.replace(/^0+(?=\d)/, '');
  if (int.length > 12) return null;
  return fraction ? `${int}.${fraction}` : int;
}

/** Groups after the first must be three digits (two also for the Indian lakh style '1,23,456'). */
function validGrouping(value: string, sep: string): boolean {
  const groups = value.split(sep);
  if (groups.length === 1) return true;
  const [first = '', ...rest] = groups;
  if (first.length === 0 || first.length > 3) return false;
  const last = rest[rest.length - 1] ?? '';
  return last.length === 3 && rest.slice(0, -1).every((g) => g.length === 3 || g.length === 2);
}
