import { describe, expect, it } from 'vitest';
import { type Attempt, backoffMs, withRetries } from './retry';

const failing = (retryable: boolean): Attempt => ({ ok: false, message: 'HTTP 503 from x', retryable });

describe('withRetries', () => {
  it('waits about 1 s then about 4 s between 3 tries, jittered', () => {
    expect([backoffMs(0, 0), backoffMs(0, 1)]).toEqual([750, 1250]);
    expect([backoffMs(1, 0), backoffMs(1, 1)]).toEqual([3000, 5000]);
  });

  it('gives up after 3 tries of a failure that may pass, saying so', async () => {
    const waits: number[] = [];
    let tries = 0;
    const outcome = await withRetries(
      async () => {
        tries++;
        return failing(true);
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(tries).toBe(3);
    expect(waits).toHaveLength(2);
    expect(outcome).toEqual({ ok: false, message: 'HTTP 503 from x (3 tries)', retryable: true });
  });

  it('does not try again after a final failure', async () => {
    let tries = 0;
    const outcome = await withRetries(async () => {
      tries++;
      return failing(false);
    });
    expect(tries).toBe(1);
    expect(outcome.message).toBe('HTTP 503 from x');
  });
});
