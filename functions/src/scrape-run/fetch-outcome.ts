import { type FetchError, HttpStatusError } from '../scrape/fetch/fetch-errors';

/** HTTP statuses by which a shop refuses us rather than fails: staff must talk to the shop. */
const REFUSALS: Readonly<Record<number, string>> = {
  401: 'Blocked: the shop asks for a login (HTTP 401)',
  403: 'Blocked: the shop refused the request (HTTP 403)',
  429: 'Blocked: the shop asked us to slow down (HTTP 429)',
};

/**
 * The outcome of a check whose page could not be fetched (docs/rules.md#check-outcomes): a
 * refusal by the shop is 'blocked'; a network error, time-out, other HTTP error or robots.txt
 * is 'failed'. The message is the fetcher's, safe to show.
 */
export function fetchFailureOutcome(error: FetchError): { outcome: 'blocked' | 'failed'; message: string } {
  const refusal = error instanceof HttpStatusError ? REFUSALS[error.status] : undefined;
  return refusal ? { outcome: 'blocked', message: refusal } : { outcome: 'failed', message: error.message };
}
