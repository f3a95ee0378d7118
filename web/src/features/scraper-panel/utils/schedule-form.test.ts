import { describe, expect, it } from 'vitest';
import { scheduleFormValues, scheduleInput } from './schedule-form';

const daily = scheduleFormValues({ enabled: true, expression: 'cron(0 6 * * ? *)' });

describe('the schedule form', () => {
  it('shows a daily cron as its time and a rate in hours as its hours', () => {
    expect(daily).toMatchObject({ enabled: true, kind: 'daily', time: '06:00' });
    expect(scheduleFormValues({ enabled: false, expression: 'rate(6 hours)' })).toMatchObject({
      enabled: false,
      kind: 'hours',
      hours: '6',
    });
    expect(scheduleFormValues({ enabled: true, expression: 'cron(0 8 ? * MON-FRI *)' })).toMatchObject({
      kind: 'custom',
      expression: 'cron(0 8 ? * MON-FRI *)',
    });
  });

  it('saves daily at 07:30 UTC and every 1 or 12 hours as EventBridge expressions', () => {
    expect(scheduleInput({ ...daily, time: '07:30' })).toEqual({
      ok: true,
      input: { enabled: true, expression: 'cron(30 7 * * ? *)' },
    });
    expect(scheduleInput({ ...daily, time: ' 7:05 ' })).toMatchObject({
      input: { expression: 'cron(5 7 * * ? *)' },
    });
    expect(scheduleInput({ ...daily, kind: 'hours', hours: '1' })).toMatchObject({
      input: { expression: 'rate(1 hour)' },
    });
    expect(scheduleInput({ ...daily, kind: 'hours', hours: ' 12 ' })).toMatchObject({
      input: { expression: 'rate(12 hours)' },
    });
  });

  it('names the field that is wrong', () => {
    expect(scheduleInput({ ...daily, time: '' })).toMatchObject({ ok: false, field: 'time' });
    expect(scheduleInput({ ...daily, time: '24:00' })).toMatchObject({ ok: false, field: 'time' });
    expect(scheduleInput({ ...daily, kind: 'hours', hours: '0' })).toMatchObject({
      ok: false,
      field: 'hours',
    });
    expect(scheduleInput({ ...daily, kind: 'hours', hours: '2.5' })).toMatchObject({
      ok: false,
      field: 'hours',
    });
    expect(scheduleInput({ ...daily, kind: 'custom', expression: 'rate(0 hours)' })).toMatchObject({
      ok: false,
      field: 'expression',
      message: expect.stringMatching(/above 0/),
    });
  });
});
