/**
 * How long a shop that answered 429 (Too Many Requests) or 503 (Service Unavailable) asks us to
 * wait, from its `Retry-After` header (RFC 9110 §10.2.3: whole seconds, or an HTTP date).
 */

/** The longest wait we take from a shop: a longer one is asked again after this. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** A 429 without a usable Retry-After still means "slow down": we hold off as long as the longest Crawl-delay. */
export const DEFAULT_SLOW_DOWN_MS = 30_000;

const SLOW_DOWN_STATUSES = new Set([429, 503]);

/**
 * The wait (ms) a 429 or 503 answer asks for, capped at MAX_RETRY_AFTER_MS; null for other statuses
 * and for a 503 without a usable header (an outage, not a request to slow down).
 *
 * @example retryAfterMs(429, '120', Date.now()) // 120000
 */
export function retryAfterMs(status: number, header: string | undefined, nowMs: number): number | null {
  if (!SLOW_DOWN_STATUSES.has(status)) return null;
  const asked = parseRetryAfter(header?.trim() ?? '', nowMs);
  if (asked === null) return status === 429 ? DEFAULT_SLOW_DOWN_MS : null;
  return Math.min(asked, MAX_RETRY_AFTER_MS);
}

function parseRetryAfter(value: string, nowMs: number): number | null {
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1000;
  // An HTTP date starts with the day's name ('Sun, 06 Nov 1994 08:49:37 GMT' and the obsolete
  // forms); without that check Date.parse would read '1.5' as a date in 2001.
  if (!/^[A-Z][a-z]{2}/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}
