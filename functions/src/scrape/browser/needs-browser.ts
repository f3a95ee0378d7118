import type { ExtractionResult } from '../extract/extract-page';
import { REFUSAL_MESSAGES } from '../extract/refusal-page';

/**
 * Why a page fetched plain needs the browser (a host's `auto` fetch mode, issue 31), or null: an
 * empty shell its scripts fill; a page that sets a cookie by script and loads itself again; a page
 * that loads scripts and shows no price (its scripts may draw it). A captcha or a refusal is not
 * one: a browser does not get past them, and we do not try (docs/rules.md#19-check-outcomes).
 */
export type BrowserNeed = 'script-shell' | 'cookie-reload' | 'scripts-no-price';

const SETS_COOKIE = /document\.cookie\s*=/;
const LOADS_AGAIN =
  /location\s*\.\s*(?:reload\s*\(|replace\s*\(|assign\s*\(|href\s*=)|(?:window\.|document\.)?location\s*=/;
const LOADS_SCRIPTS = /<script\b[^>]*\bsrc\s*=/i;

export function needsBrowser(
  html: string,
  result: Pick<ExtractionResult, 'outcome' | 'message' | 'price'>,
): BrowserNeed | null {
  if (result.price !== null) return null;
  if (result.message === REFUSAL_MESSAGES.javascript) return 'script-shell';
  if (SETS_COOKIE.test(html) && LOADS_AGAIN.test(html)) return 'cookie-reload';
  if (result.outcome === 'no_price' && LOADS_SCRIPTS.test(html)) return 'scripts-no-price';
  return null;
}
