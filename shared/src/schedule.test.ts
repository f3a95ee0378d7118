import { describe, expect, it } from 'vitest';
import {
  nextScheduledRun,
  parseSchedule,
  scheduleBoundProblem,
  scheduleChoice,
  scheduleExpression,
  scheduleProblem,
} from './schedule';

const next = (expression: string, after: string) => parseSchedule(expression)(new Date(after)).toISOString();

describe('parseSchedule', () => {
  it('fires a daily cron at its minute, today when still ahead, else tomorrow', () => {
    expect(next('cron(0 6 * * ? *)', '2026-11-22T05:30:00Z')).toBe('2026-11-22T06:00:00.000Z');
    expect(next('cron(0 6 * * ? *)', '2026-11-22T06:00:00Z')).toBe('2026-11-23T06:00:00.000Z');
  });

  it('reads steps, lists, ranges and day names (1 = Sunday)', () => {
    expect(next('cron(0/15 * * * ? *)', '2026-11-22T10:16:00Z')).toBe('2026-11-22T10:30:00.000Z');
    expect(next('cron(30 9,17 * * ? *)', '2026-11-22T10:00:00Z')).toBe('2026-11-22T17:30:00.000Z');
    // 2026-11-22 is a Sunday; MON-FRI starts the next day.
    expect(next('cron(0 8 ? * MON-FRI *)', '2026-11-22T09:00:00Z')).toBe('2026-11-23T08:00:00.000Z');
    expect(next('cron(0 8 ? * 1 *)', '2026-11-23T09:00:00Z')).toBe('2026-11-29T08:00:00.000Z');
  });

  it('adds a rate to the last time', () => {
    expect(next('rate(5 minutes)', '2026-11-22T10:00:00Z')).toBe('2026-11-22T10:05:00.000Z');
    expect(next('rate(1 day)', '2026-11-22T10:00:00Z')).toBe('2026-11-23T10:00:00.000Z');
  });

  it.each([
    'daily',
    'cron(0 6 * *)',
    'cron(0 25 * * ? *)',
    'cron(0 6 L * ? *)',
    'rate(0 minutes)',
    // Its times would leave a Date's range: NaN waits.
    'rate(99999999999999999999 days)',
    'rate(366 days)',
  ])('refuses %s with an explanation', (expression) => {
    expect(() => parseSchedule(expression)).toThrow(/schedule|Schedule/);
  });
});

describe('nextScheduledRun', () => {
  const at = (iso: string) => new Date(iso);
  const nextAfter = (expression: string, now: string, lastFired?: string) =>
    nextScheduledRun(expression, at(now), lastFired ? at(lastFired) : null).toISOString();

  it("gives a cron's next time, whenever it last fired", () => {
    expect(nextAfter('cron(0 6 * * ? *)', '2026-11-22T07:00:00Z', '2026-11-22T06:00:00Z')).toBe(
      '2026-11-23T06:00:00.000Z',
    );
  });

  it('counts a rate on from when it last fired, over any runs missed since', () => {
    expect(nextAfter('rate(6 hours)', '2026-11-22T10:00:00Z', '2026-11-22T05:00:00Z')).toBe(
      '2026-11-22T11:00:00.000Z',
    );
    expect(nextAfter('rate(1 hour)', '2026-11-22T10:30:00Z', '2026-11-22T05:15:00Z')).toBe(
      '2026-11-22T11:15:00.000Z',
    );
    // Exactly on a firing time: the one after.
    expect(nextAfter('rate(2 hours)', '2026-11-22T09:00:00Z', '2026-11-22T05:00:00Z')).toBe(
      '2026-11-22T11:00:00.000Z',
    );
  });

  it('without a last firing, puts a rate at most one period ahead', () => {
    expect(nextAfter('rate(12 hours)', '2026-11-22T10:00:00Z')).toBe('2026-11-22T22:00:00.000Z');
  });

  it('refuses what it cannot read', () => {
    expect(() => nextScheduledRun('cron(0 6 L * ? *)', at('2026-11-22T10:00:00Z'))).toThrow(/not supported/);
  });
});

describe('scheduleProblem', () => {
  it.each([
    'cron(0 6 * * ? *)',
    'cron(0/15 8-18 ? * MON-FRI *)',
    'rate(1 hour)',
    'rate(6 hours)',
    'rate(15 minutes)',
    'rate(365 days)',
    'cron(0,15,30,45 * * * ? *)',
    // 06:00 and 06:50, then 06:00 the next day: never closer than 50 minutes.
    'cron(0,50 6 * * ? *)',
  ])('accepts %s', (expression) => {
    expect(scheduleProblem(expression)).toBeNull();
  });

  it.each([
    ['rate(0 hours)', /above 0/],
    ['rate(1 hours)', /singular/],
    ['rate(2 hour)', /plural/],
    ['rate(6 weeks)', /rate\(N minutes\|hours\|days\)/],
    ['cron(0 6 * * *)', /cron\(min hour day month weekday year\)/],
    ['cron(0 6 * * * *)', /\? in exactly one/],
    ['cron(0 6 ? * ? *)', /\? in exactly one/],
    ['cron(0 6 L * ? *)', /not supported/],
    ['every morning', /rate\(\.\.\.\) or cron/],
    ['rate(5 minutes)', /at least 15 minutes apart, as in rate\(15 minutes\)/],
    ['rate(1 minute)', /at least 15 minutes apart/],
    ['rate(99999999999999999999 days)', /at most 365 days/],
    ['cron(*/5 * * * ? *)', /at least 15 minutes apart; .* starts some 5 minutes apart/],
    ['cron(0/10 * * * ? *)', /some 10 minutes apart/],
    ['cron(0,5 * * * ? *)', /some 5 minutes apart/],
    ['cron(* 6 * * ? *)', /some 1 minute apart/],
    // 06:55 and 07:05.
    ['cron(5,55 6-7 * * ? *)', /some 10 minutes apart/],
    // 23:55 and 00:05 the next day.
    ['cron(5,55 0,23 * * ? *)', /some 10 minutes apart/],
  ])('refuses %s, saying why', (expression, why) => {
    expect(scheduleProblem(expression)).toMatch(why);
  });
});

describe('scheduleBoundProblem', () => {
  it('judges the bounds alone, leaving days it cannot read to EventBridge', () => {
    expect(scheduleBoundProblem('cron(0 6 L * ? *)')).toBeNull();
    expect(scheduleBoundProblem('cron(*/5 6 L * ? *)')).toMatch(/15 minutes apart/);
    expect(scheduleBoundProblem('cron(0 6 * * ? *)')).toBeNull();
    expect(scheduleBoundProblem('rate(10 minutes)')).toMatch(/15 minutes apart/);
  });
});

describe('the schedule form choices', () => {
  it('builds daily-at and every-N-hours expressions and reads them back', () => {
    expect(scheduleExpression({ kind: 'daily', hour: 7, minute: 30 })).toBe('cron(30 7 * * ? *)');
    expect(scheduleExpression({ kind: 'hours', every: 1 })).toBe('rate(1 hour)');
    expect(scheduleExpression({ kind: 'hours', every: 6 })).toBe('rate(6 hours)');
    expect(scheduleChoice('cron(30 7 * * ? *)')).toEqual({ kind: 'daily', hour: 7, minute: 30 });
    expect(scheduleChoice('rate(6 hours)')).toEqual({ kind: 'hours', every: 6 });
  });

  it('keeps any other expression as written', () => {
    expect(scheduleChoice('cron(0 8 ? * MON-FRI *)')).toEqual({
      kind: 'custom',
      expression: 'cron(0 8 ? * MON-FRI *)',
    });
    expect(scheduleChoice('rate(30 minutes)')).toEqual({ kind: 'custom', expression: 'rate(30 minutes)' });
  });
});
