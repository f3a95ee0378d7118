import { describe, expect, it } from 'vitest';
import { parseSchedule } from './eventbridge-schedule';

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

  it.each(['daily', 'cron(0 6 * *)', 'cron(0 25 * * ? *)', 'cron(0 6 L * ? *)', 'rate(0 minutes)'])(
    'refuses %s with an explanation',
    (expression) => {
      expect(() => parseSchedule(expression)).toThrow(/schedule|Schedule/);
    },
  );
});
