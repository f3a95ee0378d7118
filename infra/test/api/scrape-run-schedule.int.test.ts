import { describe, expect, it } from 'vitest';
import { clockBefore } from '../support/minute-clock';
import { signedInStack } from '../support/signed-in-stack';

/**
 * The local schedule fires by itself, from SCRAPE_SCHEDULE. The scheduler's clock reads, from its
 * first reading on, as if the schedule's 06:00 UTC were LEAD_MS away.
 */
const LEAD_MS = 400;
const clock = clockBefore(6, 0, LEAD_MS);
const { stack, token } = await signedInStack({
  schedule: true,
  scheduleClock: clock.now,
  env: { SCRAPE_SCHEDULE: 'cron(0 6 * * ? *)', SCHEDULE_ENABLED: 'true' },
});

const logs = () => stack.scraperLogs(token);

describe('the local schedule', () => {
  it('starts one scheduled run when its time comes, and no other before the next', async () => {
    for (let i = 0; i < 50 && (await logs()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await stack.stepFunctions.idle();
    await new Promise((r) => setTimeout(r, 1_000));
    const runs = await logs();

    expect(runs).toEqual([expect.objectContaining({ triggered_by: 'schedule', status: 'completed' })]);
    // At the scheduled moment, not at once when the scheduler started.
    expect(Date.parse(runs[0]?.started_at ?? '')).toBeGreaterThanOrEqual(
      (clock.firstReadAt() ?? 0) + LEAD_MS - 50,
    );
  });
});
