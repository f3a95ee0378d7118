import { describe, expect, it } from 'vitest';
import { cachedFor } from './cached-for';

/** A load that answers 1, 2, 3, … and a clock the test moves. */
function counting() {
  let loads = 0;
  let nowMs = 0;
  return {
    load: async () => ++loads,
    now: () => nowMs,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

describe('cachedFor', () => {
  it('answers from memory until the time to live ends, then loads again', async () => {
    const { load, now, advance } = counting();
    const read = cachedFor(300_000, load, now);
    expect(await read()).toBe(1);
    advance(299_999);
    expect(await read()).toBe(1);
    advance(1);
    expect(await read()).toBe(2);
  });

  it('shares one load between callers that ask at the same time', async () => {
    const { load, now } = counting();
    const read = cachedFor(1_000, load, now);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
  });

  it('keeps no failure: the next call loads again', async () => {
    let calls = 0;
    const read = cachedFor(300_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('throttled');
      return 'value';
    });
    await expect(read()).rejects.toThrow('throttled');
    expect(await read()).toBe('value');
  });

  it('loads on every call with a time to live of 0', async () => {
    const { load, now } = counting();
    const read = cachedFor(0, load, now);
    expect([await read(), await read()]).toEqual([1, 2]);
  });
});
