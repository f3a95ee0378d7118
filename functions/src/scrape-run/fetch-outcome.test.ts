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

  describe('reads an error answer’s page', () => {
    const page = (title: string, body: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
    const challenge = page(
      'Just a moment...',
      '<p>Checking your browser before accessing the shop.</p><script>window._cf_chl_opt={}</script>',
    );
    const captcha = page('Robot Check', '<p>Enter the characters you see below</p><img src="/c.jpg">');

    it('and is blocked when it is a challenge or captcha, saying which', () => {
      expect(fetchFailureOutcome(new HttpStatusError(503, null, challenge))).toEqual({
        outcome: 'blocked',
        message: "Blocked: the shop's bot protection refused the request (HTTP 503)",
      });
      expect(fetchFailureOutcome(new HttpStatusError(403, null, captcha))).toEqual({
        outcome: 'blocked',
        message: 'Blocked: the shop showed a captcha instead of the product page (HTTP 403)',
      });
      expect(
        fetchFailureOutcome(new HttpStatusError(404, null, page('Access Denied', '<h1>Access Denied</h1>'))),
      ).toEqual({ outcome: 'blocked', message: 'Blocked: the shop denied access to the page (HTTP 404)' });
    });

    it('and keeps the shop’s own error pages, a login and a slow-down as the status says', () => {
      const notFound = page(
        'Page not found | Shop',
        '<nav>Home Kitchen Garden</nav><h1>Sorry, we could not find that page</h1>',
      );
      const maintenance = page(
        'Back soon',
        '<h1>We are updating the shop and will be back in a few minutes</h1>',
      );

      expect(fetchFailureOutcome(new HttpStatusError(404, null, notFound))).toEqual({
        outcome: 'failed',
        message: 'HTTP 404',
      });
      expect(fetchFailureOutcome(new HttpStatusError(503, null, maintenance))).toEqual({
        outcome: 'failed',
        message: 'HTTP 503',
      });
      expect(fetchFailureOutcome(new HttpStatusError(401, null, captcha)).message).toBe(
        'Blocked: the shop asks for a login (HTTP 401)',
      );
      expect(fetchFailureOutcome(new HttpStatusError(429, 1_000, challenge)).message).toBe(
        'Blocked: the shop asked us to slow down (HTTP 429)',
      );
    });
  });
});
