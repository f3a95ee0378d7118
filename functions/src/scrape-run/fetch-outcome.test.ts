import { describe, expect, it } from 'vitest';
import { FetchTimeoutError, HttpStatusError, RobotsDisallowedError } from '../scrape/fetch/fetch-errors';
import { fetchFailureOutcome } from './fetch-outcome';

describe('the outcome of a page that could not be fetched', () => {
  it('is blocked when the shop refused us', () => {
    expect(fetchFailureOutcome(new HttpStatusError(403))).toEqual({
      outcome: 'blocked',
      message: 'Blocked: the shop refused the request (HTTP 403)',
    });
    expect(fetchFailureOutcome(new HttpStatusError(401)).outcome).toBe('blocked');
    expect(fetchFailureOutcome(new HttpStatusError(429, 30_000)).outcome).toBe('blocked');
    expect(fetchFailureOutcome(new HttpStatusError(503, 5_000))).toEqual({
      outcome: 'blocked',
      message: 'Blocked: the shop asked us to come back later (HTTP 503) and still refused',
    });
  });

  it('is failed for the shop’s own trouble, a time-out or robots.txt', () => {
    expect(fetchFailureOutcome(new HttpStatusError(503))).toEqual({ outcome: 'failed', message: 'HTTP 503' });
    expect(fetchFailureOutcome(new HttpStatusError(500)).outcome).toBe('failed');
    expect(fetchFailureOutcome(new FetchTimeoutError(20_000)).outcome).toBe('failed');
    expect(fetchFailureOutcome(new RobotsDisallowedError())).toEqual({
      outcome: 'failed',
      message: 'Disallowed by robots.txt',
    });
  });
});
