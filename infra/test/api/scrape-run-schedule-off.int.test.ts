import { describe, expect, it } from 'vitest';
import { clockBefore } from '../support/minute-clock';
import { signedInStack } from '../support/signed-in-stack';

/**
 * SCHEDULE_ENABLED=false: no scheduled run, even once a time the schedule names has passed (the
 * clock is moved as in scrape-run-schedule.int.test.ts, where the same schedule fires).
 */
const LEAD_MS = 400;
const clock = clockBefore(6, 0, LEAD_MS);
const { stack, token } = await signedInStack({
  schedule: true,
  scheduleClock: clock.now,
  env: { SCRAPE_SCHEDULE: 'cron(0 6 * * ? *)', SCHEDULE_ENABLED: 'false' },
});

describe('with the schedule turned off', () => {
  it('starts no scheduler and no run when the scheduled time passes', async () => {
    await new Promise((r) => setTimeout(r, LEAD_MS + 1_500));
    await stack.stepFunctions.idle();
    const logs = await stack.scraperLogs(token);

    expect(clock.firstReadAt()).toBeUndefined();
    expect(logs).toEqual([]);
  });

  it('tells the panel there is no next scheduled run', async () => {
    expect((await stack.scraperStatus(token)).next_scheduled_run_at).toBeNull();
  });
});
