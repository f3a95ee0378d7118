import { afterEach, describe, expect, it } from 'vitest';
import { startScheduler } from './scheduler';

/** The local scheduler never arms a timer it cannot work out: NaN or huge waits would fire at once. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function schedule(expression: string, now: () => number = Date.now) {
  const started: number[] = [];
  const logged: string[] = [];
  const scheduler = startScheduler(
    expression,
    async () => {
      started.push(Date.now());
    },
    (line) => logged.push(line),
    now,
  );
  stops.push(scheduler.stop);
  return { scheduler, started, logged };
}

describe('the local scheduler', () => {
  it('refuses a rate whose times overflow, rather than firing without pause', () => {
    expect(() => schedule('rate(99999999999999999999 days)')).toThrow(/at most 365 days/);
  });

  it('stops with a log line when its next time is past what a Date holds', async () => {
    // The last millisecond a Date holds: a day later is an Invalid Date.
    const { scheduler, started, logged } = schedule('rate(1 day)', () => 8.64e15 - 1);
    await sleep(50);

    expect(started).toEqual([]);
    expect(scheduler.nextRun()).toBeUndefined();
    expect(logged).toEqual(['The schedule rate(1 day) names no later time; no more scheduled price checks']);
  });

  it('waits out a rate longer than a timer can hold, re-arming instead of firing at once', async () => {
    const { scheduler, started } = schedule('rate(365 days)');
    await sleep(50);

    expect(started).toEqual([]);
    expect((scheduler.nextRun()?.getTime() ?? 0) - Date.now()).toBeGreaterThan(364 * 86_400_000);
  });
});
