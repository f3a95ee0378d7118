import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUser } from '@cmp/functions/auth/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockBefore, untilUtc } from '../support/minute-clock';
import { type Answer, startTestStack, type TestStack } from '../support/test-stack';

const DEPLOYED = { SCRAPE_SCHEDULE: 'cron(15 6 * * ? *)', SCHEDULE_ENABLED: 'true' };
/** What the admin saves in the scheduler tests: daily at 07:45 UTC, unlike the deployed 06:15. */
const SAVED = 'cron(45 7 * * ? *)';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const getSchedule = (stack: TestStack, token: string) => stack.api('GET /api/scraper/schedule', { token });
const putSchedule = (stack: TestStack, token: string, body: unknown) =>
  stack.send<Answer<'PUT /api/scraper/schedule'>>('PUT', '/api/scraper/schedule', { token, body });
/** Waits for the `count`-th scheduled run to be logged, then for it to end. */
async function scheduledRuns(stack: TestStack, token: string, count: number) {
  const scheduled = async () =>
    (await stack.scraperLogs(token)).filter((log) => log.triggered_by === 'schedule');
  for (let i = 0; i < 60 && (await scheduled()).length < count; i++) await sleep(100);
  await stack.stepFunctions.idle();
  return scheduled();
}

describe('the schedule API', () => {
  let stack: TestStack;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    stack = await startTestStack({ env: DEPLOYED });
    admin = await stack.login();
    await addUser({
      email: 'sam@example.com',
      username: 'sam',
      firstName: 'Sam',
      password: 'sam-password-1',
    });
    staff = await stack.login('sam@example.com', 'sam-password-1');
  });
  afterAll(() => stack.stop());

  it('shows staff the deployed schedule, its time zone and next run', async () => {
    const before = Date.now();
    const { status, body } = await getSchedule(stack, staff);

    expect(status).toBe(200);
    expect(body.schedule).toMatchObject({ enabled: true, expression: 'cron(15 6 * * ? *)', timezone: 'UTC' });
    const next = new Date(body.schedule.next_run_at ?? '');
    expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBe(6 * 60 + 15);
    expect(next.getTime() - before).toBeGreaterThan(0);
    expect(next.getTime() - before).toBeLessThanOrEqual(86_400_000);
  });

  it('lets an admin change it: the schedule and the status name the new next run', async () => {
    const put = await putSchedule(stack, admin, { enabled: true, expression: 'cron(30 7 * * ? *)' });
    const read = await getSchedule(stack, staff);
    const status = await stack.scraperStatus(staff);

    expect(put.status).toBe(200);
    expect(put.body.schedule).toEqual(read.body.schedule);
    expect(read.body.schedule).toMatchObject({ enabled: true, expression: 'cron(30 7 * * ? *)' });
    const next = new Date(read.body.schedule.next_run_at ?? '');
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([7, 30]);
    expect(status.next_scheduled_run_at).toBe(read.body.schedule.next_run_at);
  });

  it('counts every N hours on from now when no scheduled run happened yet', async () => {
    const before = Date.now();
    const { body } = await putSchedule(stack, admin, { enabled: true, expression: 'rate(6 hours)' });

    const wait = Date.parse(body.schedule.next_run_at ?? '') - before;
    expect(wait).toBeGreaterThanOrEqual(6 * 3_600_000);
    expect(wait).toBeLessThan(6 * 3_600_000 + 10_000);
  });

  it('turned off, has no next run, in the status either', async () => {
    const { body } = await putSchedule(stack, admin, { enabled: false, expression: 'rate(6 hours)' });

    expect(body.schedule).toEqual({
      enabled: false,
      expression: 'rate(6 hours)',
      timezone: 'UTC',
      next_run_at: null,
    });
    expect((await getSchedule(stack, staff)).body.schedule.enabled).toBe(false);
    expect((await stack.scraperStatus(staff)).next_scheduled_run_at).toBeNull();
  });

  it('refuses staff with 403 and changes nothing', async () => {
    const refused = await putSchedule(stack, staff, { enabled: true, expression: 'cron(0 5 * * ? *)' });

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: 'Only an administrator can change the schedule' });
    expect((await getSchedule(stack, admin)).body.schedule).toMatchObject({
      enabled: false,
      expression: 'rate(6 hours)',
    });
  });

  it.each([
    ['rate(0 hours)', /above 0/],
    ['cron(0 6 * * *)', /cron\(min hour day month weekday year\)/],
    ['every morning', /rate\(\.\.\.\) or cron/],
    ['cron(0 6 * * * *)', /\? in exactly one/],
    ['rate(1 hours)', /singular/],
    ['rate(5 minutes)', /at least 15 minutes apart, as in rate\(15 minutes\)/],
    ['cron(*/5 * * * ? *)', /at least 15 minutes apart; .* some 5 minutes apart/],
    ['cron(0/10 * * * ? *)', /at least 15 minutes apart; .* some 10 minutes apart/],
    ['cron(0,5 * * * ? *)', /at least 15 minutes apart; .* some 5 minutes apart/],
    ['rate(99999999999999999999 days)', /A rate can be at most 365 days/],
  ])('refuses %s with 400 and says why', async (expression, why) => {
    const { status, body } = await putSchedule(stack, admin, { enabled: true, expression });

    expect(status).toBe(400);
    expect(body.error).toMatch(why);
  });

  it('refuses a body without enabled or with other fields with 400', async () => {
    const missing = await putSchedule(stack, admin, { expression: 'rate(6 hours)' });
    const extra = await putSchedule(stack, admin, { enabled: true, expression: 'rate(6 hours)', tz: 'CET' });

    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/enabled/);
    expect(extra.status).toBe(400);
    expect((await getSchedule(stack, admin)).body.schedule.enabled).toBe(false);
  });
});

describe('a schedule changed in the app, with the local scheduler', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cmp-schedule-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fires with the new expression at once, without a restart', async () => {
    // The scheduler's clock, moved to just before the new schedule's time when it is saved.
    let offset = 0;
    const stack = await startTestStack({
      dataDir,
      env: DEPLOYED,
      schedule: true,
      scheduleClock: () => Date.now() + offset,
    });
    try {
      const admin = await stack.login();
      offset = untilUtc(7, 45) - 1_500;
      const put = await putSchedule(stack, admin, { enabled: true, expression: SAVED });
      const runs = await scheduledRuns(stack, admin, 1);

      expect(put.status).toBe(200);
      expect(runs).toEqual([expect.objectContaining({ triggered_by: 'schedule', status: 'completed' })]);
    } finally {
      await stack.stop();
    }
  });

  it('is kept by a restart on the same data, and the scheduler fires with it', async () => {
    const clock = clockBefore(7, 45, 400);
    const stack = await startTestStack({ dataDir, env: DEPLOYED, schedule: true, scheduleClock: clock.now });
    try {
      const admin = await stack.login();
      const { body } = await getSchedule(stack, admin);
      // The deployed cron(15 6 * * ? *) would not fire within the next second; the saved one does.
      const runs = await scheduledRuns(stack, admin, 2);

      expect(body.schedule).toMatchObject({ enabled: true, expression: SAVED });
      expect(runs).toHaveLength(2);
      expect(Date.parse(runs[0]?.started_at ?? '')).toBeGreaterThanOrEqual((clock.firstReadAt() ?? 0) + 350);
    } finally {
      await stack.stop();
    }
  });

  it('gives way to a changed deploy-time setting, as a redeploy changing the rule does on AWS', async () => {
    const stack = await startTestStack({
      dataDir,
      env: { SCRAPE_SCHEDULE: 'cron(0 5 * * ? *)', SCHEDULE_ENABLED: 'false' },
    });
    try {
      const { body } = await getSchedule(stack, await stack.login());

      expect(body.schedule).toMatchObject({ enabled: false, expression: 'cron(0 5 * * ? *)' });
    } finally {
      await stack.stop();
    }
  });
});
