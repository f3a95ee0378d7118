/**
 * Display formatting shared by the pages: money, dates, URLs and competitor names
 * (docs/rules.md#4-display-formats).
 */

// shared/ compiles without DOM or Node types; every runtime we target (browsers, Node) has the WHATWG URL.
declare const URL: new (input: string) => { hostname: string; protocol: string };

export const NOT_AVAILABLE = 'N/A';
export const NEVER = 'Never';
export const UNKNOWN_COMPETITOR = 'Unknown Competitor';
export const URL_DISPLAY_LENGTH = 50;

/**
 * A money amount in an ISO currency, always with 2 decimals; null or undefined shows 'N/A'.
 * @example formatMoney(1234.5, 'GBP') // '£1,234.50'
 */
export function formatMoney(amount: number | null | undefined, currency: string, locale = 'en-US'): string {
  if (amount == null || !Number.isFinite(amount)) return NOT_AVAILABLE;
  return moneyFormat(locale, currency).format(amount);
}

// Building a formatter costs far more than using one; tables format thousands of amounts.
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * A date and time in US short format with hour and minute; missing or unreadable shows 'Never'.
 * `timeZone` defaults to the browser's.
 * @example formatDateTime('2026-03-05T14:07:00Z', 'UTC') // 'Mar 5, 2026, 02:07 PM'
 */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return NEVER;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return NEVER;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * A competitor's name from its URL: the host without a leading `www.`, else 'Unknown Competitor'.
 * @example competitorNameFromUrl('https://www.argos.co.uk/p/1') // 'argos.co.uk'
 */
export function competitorNameFromUrl(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./i, '');
    return host === '' ? UNKNOWN_COMPETITOR : host;
  } catch {
    return UNKNOWN_COMPETITOR;
  }
}

/**
 * A URL shortened for a table cell: the first 50 characters plus '...' when longer.
 * @example truncateUrl('https://example.com/' + 'a'.repeat(60)) // 50 characters + '...'
 */
export function truncateUrl(url: string, max = URL_DISPLAY_LENGTH): string {
  return url.length > max ? `${url.slice(0, max)}...` : url;
}
