import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_DOWN_MS, MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-after';

const now = Date.parse('2026-03-02T10:00:00Z');

describe('retryAfterMs', () => {
  it('reads whole seconds', () => {
    expect(retryAfterMs(429, '120', now)).toBe(120_000);
    expect(retryAfterMs(503, ' 2 ', now)).toBe(2_000);
    expect(retryAfterMs(429, '0', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until then, none when it has passed', () => {
    expect(retryAfterMs(429, 'Mon, 02 Mar 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs(503, 'Monday, 02-Mar-26 10:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs(429, 'Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('caps a wait longer than an hour', () => {
    expect(retryAfterMs(429, '86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(503, 'Tue, 03 Mar 2026 10:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it.each([undefined, '', 'soon', '-5', '1.5', '2e3', 'Xyz, 99 Foo 2026'])(
    'takes a 429 with no usable header (%j) as a request to slow down, a 503 as an outage',
    (header) => {
      expect(retryAfterMs(429, header, now)).toBe(DEFAULT_SLOW_DOWN_MS);
      expect(retryAfterMs(503, header, now)).toBeNull();
    },
  );

  it('is none for other statuses, whatever the header says', () => {
    expect(retryAfterMs(500, '10', now)).toBeNull();
    expect(retryAfterMs(403, '10', now)).toBeNull();
  });
});
