import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * SCHEDULE_ENABLED=false: no scheduled run, even once a time the schedule names has passed (the
 * clock is moved as in scrape-run-schedule.int.test.ts, where the same schedule fires).
 */
const LEAD_MS = 400;
let stack: TestStack;
let token: string;
let clockRead = false;

beforeAll(async () => {
  let offset: number | undefined;
  stack = await startTestStack({
    schedule: true,
    scheduleClock: () => {
      const now = Date.now();
      clockRead = true;
      offset ??= 60_000 - (now % 60_000) - LEAD_MS;
      return now + offset;
    },
    env: { SCRAPE_SCHEDULE: 'cron(* * * * ? *)', SCHEDULE_ENABLED: 'false' },
  });
  token = await stack.login();
});
afterAll(() => stack.stop());

describe('with the schedule turned off', () => {
  it('starts no scheduler and no run when the scheduled time passes', async () => {
    await new Promise((r) => setTimeout(r, LEAD_MS + 1_500));
    await stack.stepFunctions.idle();
    const logs = await stack.scraperLogs(token);

    expect(clockRead).toBe(false);
    expect(logs).toEqual([]);
  });
});
