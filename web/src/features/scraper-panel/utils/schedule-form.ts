// The Schedule card's form (docs/screens.md#schedule-card): on/off and daily at a time (UTC), every N
// hours, or an EventBridge expression as written; the expression is built here and checked by the
// shared rules the server uses. Pure.
import {
  type ScraperSchedule,
  type ScraperScheduleInput,
  scheduleChoice,
  scheduleExpression,
  scheduleProblem,
} from '@cmp/shared';

export type ScheduleKind = 'daily' | 'hours' | 'custom';

export interface ScheduleFormValues {
  enabled: boolean;
  kind: ScheduleKind;
  /** `HH:MM`, UTC, as typed. */
  time: string;
  /** Whole hours, 1–24, as typed. */
  hours: string;
  expression: string;
}

export type ScheduleField = Exclude<keyof ScheduleFormValues, 'enabled' | 'kind'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The form as the schedule stands; the choices it does not use start from sensible values. */
export function scheduleFormValues(
  schedule: Pick<ScraperSchedule, 'enabled' | 'expression'>,
): ScheduleFormValues {
  const choice = scheduleChoice(schedule.expression);
  return {
    enabled: schedule.enabled,
    kind: choice.kind,
    time: choice.kind === 'daily' ? `${pad(choice.hour)}:${pad(choice.minute)}` : '06:00',
    hours: choice.kind === 'hours' ? String(choice.every) : '6',
    expression: schedule.expression,
  };
}

/** What the form would save, or the message for the field that is wrong. */
export function scheduleInput(
  values: ScheduleFormValues,
): { ok: true; input: ScraperScheduleInput } | { ok: false; field: ScheduleField; message: string } {
  if (values.kind === 'daily') {
    const time = /^(\d{1,2}):(\d{2})$/.exec(values.time.trim());
    const [hour, minute] = [Number(time?.[1]), Number(time?.[2])];
    if (!time || hour > 23 || minute > 59)
      return { ok: false, field: 'time', message: 'Enter a time such as 07:30' };
    return {
      ok: true,
      input: { enabled: values.enabled, expression: scheduleExpression({ kind: 'daily', hour, minute }) },
    };
  }
  if (values.kind === 'hours') {
    const every = Number(values.hours.trim());
    if (!/^\d+$/.test(values.hours.trim()) || every < 1 || every > 24)
      return { ok: false, field: 'hours', message: 'Enter a whole number of hours from 1 to 24' };
    return {
      ok: true,
      input: { enabled: values.enabled, expression: scheduleExpression({ kind: 'hours', every }) },
    };
  }
  const problem = scheduleProblem(values.expression);
  if (problem) return { ok: false, field: 'expression', message: problem };
  return { ok: true, input: { enabled: values.enabled, expression: values.expression.trim() } };
}
