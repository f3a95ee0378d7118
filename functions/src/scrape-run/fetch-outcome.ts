import { detectRefusalInErrorPage } from '../scrape/extract/refusal-page';
import { type FetchError, HttpStatusError } from '../scrape/fetch/fetch-errors';

/** HTTP statuses by which a shop refuses us rather than fails: staff must talk to the shop. */
const REFUSALS: Readonly<Record<number, string>> = {
  401: 'Blocked: the shop asks for a login (HTTP 401)',
  403: 'Blocked: the shop refused the request (HTTP 403)',
  429: 'Blocked: the shop asked us to slow down (HTTP 429)',
};

/** Refusals whose status says more than any page could. */
const SAID_BY_STATUS = new Set([401, 429]);

/**
 * An error answer whose page is a bot protection's challenge or block page is a refusal, whatever
 * its status (a 404 or 500 page of the shop's own is not). A 503 that asks us to come back later (Retry-After) is a refusal once its wait was
 * honoured (the check asks once more after it); a bare 503 is the shop's own trouble.
 */
function refusalOf(error: HttpStatusError): string | undefined {
  // Beyond a login (401) and slowing down (429), the page says best what refused us.
  const page =
    error.page === null || SAID_BY_STATUS.has(error.status) ? null : detectRefusalInErrorPage(error.page);
  if (page) return `${page.message} (HTTP ${error.status})`;
  if (error.status === 503 && error.retryAfterMs !== null)
    return 'Blocked: the shop asked us to come back later (HTTP 503) and still refused';
  return REFUSALS[error.status];
}

/**
 * The outcome of a check whose page could not be fetched (docs/rules.md#check-outcomes): a
 * refusal by the shop is 'blocked' (401, 403, 429, a 503 with Retry-After, an error page that is a
 * challenge or block page); a network error, time-out, other HTTP error or robots.txt
 * is 'failed'. The message is the fetcher's, safe to show.
 */
export function fetchFailureOutcome(error: FetchError): { outcome: 'blocked' | 'failed'; message: string } {
  const refusal = error instanceof HttpStatusError ? refusalOf(error) : undefined;
  return refusal ? { outcome: 'blocked', message: refusal } : { outcome: 'failed', message: error.message };
}
