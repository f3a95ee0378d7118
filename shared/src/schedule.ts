/**
 * EventBridge schedule expressions, for the local scheduler and the scraper panel's next run:
 * `rate(N minutes|hours|days)` and `cron(minutes hours day-of-month month day-of-week year)` in UTC
 * with `*`, `?`, lists, ranges, steps and month/day names. L, W and # are refused rather than misread.
 */
export type Schedule = (after: Date) => Date;

/**
 * The shortest time between two scheduled runs (a security bound): more often would only load the
 * shops and the bill, as prices rarely move within minutes.
 */
export const MIN_SCHEDULE_INTERVAL_MINUTES = 15;
/** The longest rate: longer is no schedule for price checks, and keeps its times inside a Date's range. */
export const MAX_RATE_DAYS = 365;

const RATE = /^rate\((\d+) (minutes?|hours?|days?)\)$/;
const MINUTES_PER_DAY = 24 * 60;
const TOO_OFTEN = `Scheduled price checks must be at least ${MIN_SCHEDULE_INTERVAL_MINUTES} minutes apart`;
const RATE_TOO_LONG = `A rate can be at most ${MAX_RATE_DAYS} days, as in rate(${MAX_RATE_DAYS} days)`;

/** A rate's period in minutes: a number, huge rather than NaN for a rate of 20 digits. */
const rateMinutes = ([, amount, unit = '']: RegExpExecArray) =>
  Number(amount) * (unit.startsWith('day') ? MINUTES_PER_DAY : unit.startsWith('hour') ? 60 : 1);

/** Whether the schedule is a rate (its next time depends on when it last fired). */
export const isRateSchedule = (expression: string): boolean => RATE.test(expression.trim());

/**
 * When a schedule next fires after `now`. A rate counts from when it last fired
 * (`lastFired`, the latest scheduled run's start), as EventBridge and the local scheduler do; not
 * knowing that, `now` plus the rate, the latest it can be. Throws on an expression `parseSchedule`
 * refuses.
 * @example nextScheduledRun('rate(6 hours)', new Date('2026-11-22T10:00Z'), new Date('2026-11-22T05:00Z'))
 * // 2026-11-22T11:00:00.000Z
 */
export function nextScheduledRun(expression: string, now: Date, lastFired?: Date | null): Date {
  const next = parseSchedule(expression);
  if (!isRateSchedule(expression) || !lastFired || lastFired > now) return next(now);
  const every = next(lastFired).getTime() - lastFired.getTime();
  const periods = Math.floor((now.getTime() - lastFired.getTime()) / every) + 1;
  return new Date(lastFired.getTime() + periods * every);
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export function parseSchedule(expression: string): Schedule {
  const rate = RATE.exec(expression.trim());
  if (rate) {
    const minutes = rateMinutes(rate);
    if (minutes <= 0) throw new Error(`Invalid schedule ${expression}: the rate must be positive`);
    // Past this its times would leave a Date's range: an Invalid Date, a NaN wait.
    if (minutes > MAX_RATE_DAYS * MINUTES_PER_DAY)
      throw new Error(`Invalid schedule ${expression}: ${RATE_TOO_LONG}`);
    return (after) => new Date(after.getTime() + minutes * 60_000);
  }
  const fields = cronFields(expression);
  if (!fields) {
    throw new Error(`Invalid schedule ${expression}: use rate(...) or cron(min hour day month weekday year)`);
  }
  const [minutes, hours, days, months, weekdays, years] = fields;
  const match = {
    minute: field(minutes, 0, 59),
    hour: field(hours, 0, 23),
    day: field(days, 1, 31),
    month: field(months, 1, 12, MONTHS),
    weekday: field(weekdays, 1, 7, DAYS),
    year: field(years, 1970, 2199),
  };
  return (after) => {
    const t = new Date(after.getTime());
    t.setUTCSeconds(0, 0);
    // Minute by minute over at most five years: simple, and quick enough for a timer set once a run.
    for (let i = 0; i < 5 * 366 * 24 * 60; i++) {
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      if (
        match.minute.has(t.getUTCMinutes()) &&
        match.hour.has(t.getUTCHours()) &&
        match.day.has(t.getUTCDate()) &&
        match.month.has(t.getUTCMonth() + 1) &&
        match.weekday.has(t.getUTCDay() + 1) &&
        match.year.has(t.getUTCFullYear())
      ) {
        return new Date(t);
      }
    }
    throw new Error(`The schedule ${expression} never fires`);
  };
}

/** A cron expression's six fields, or undefined when it is not `cron(` six fields `)`. */
function cronFields(expression: string): [string, string, string, string, string, string] | undefined {
  const fields = /^cron\((.+)\)$/.exec(expression.trim())?.[1]?.trim().split(/\s+/);
  return fields?.length === 6 ? (fields as [string, string, string, string, string, string]) : undefined;
}

/** The values a cron field allows. */
function field(text: string, min: number, max: number, names: readonly string[] = []): Set<number> {
  if (/[LW#]/.test(text)) throw new Error(`Schedule field "${text}": L, W and # are not supported locally`);
  const allowed = new Set<number>();
  const number = (token: string) => {
    const index = names.indexOf(token.toUpperCase());
    const value = index >= 0 ? index + 1 : Number(token);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`Schedule field "${text}" is out of range`);
    return value;
  };
  for (const part of (text === '?' ? '*' : text).split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`Schedule field "${text}" has a bad step`);
    const [from, to] =
      range === '*'
        ? [min, max]
        : range.includes('-')
          ? range.split('-').map(number)
          : [number(range), stepText ? max : number(range)];
    for (let v = from ?? min; v <= (to ?? max); v += step) allowed.add(v);
  }
  return allowed;
}

/**
 * Why a schedule is out of bounds, as a message for the user: it starts runs less than
 * `MIN_SCHEDULE_INTERVAL_MINUTES` apart, or it is a rate over `MAX_RATE_DAYS`. Null when it is
 * within them, or when it is no rate or cron we can read (the other rules say why). A cron is
 * judged by its minute and hour fields alone: 23:55 and 00:05 count as 10 minutes apart whatever
 * days it names.
 * @example scheduleBoundProblem('cron(0,5 * * * ? *)') // 'Scheduled price checks must be at least 15 minutes apart; …'
 */
export function scheduleBoundProblem(expression: string): string | null {
  const rate = RATE.exec(expression.trim());
  if (rate) {
    const minutes = rateMinutes(rate);
    if (minutes > MAX_RATE_DAYS * MINUTES_PER_DAY) return RATE_TOO_LONG;
    return minutes < MIN_SCHEDULE_INTERVAL_MINUTES
      ? `${TOO_OFTEN}, as in rate(${MIN_SCHEDULE_INTERVAL_MINUTES} minutes)`
      : null;
  }
  const fields = cronFields(expression);
  if (!fields) return null;
  let gap: number;
  try {
    gap = shortestGap(field(fields[0], 0, 59), field(fields[1], 0, 23));
  } catch {
    return null;
  }
  return gap < MIN_SCHEDULE_INTERVAL_MINUTES
    ? `${TOO_OFTEN}; ${expression.trim()} starts some ${gap} minute${gap === 1 ? '' : 's'} apart`
    : null;
}

/** The fewest minutes between two times the minute and hour fields allow. */
function shortestGap(minutes: Set<number>, hours: Set<number>): number {
  const sorted = [...minutes].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((minute, i) => minute - (sorted[i] ?? 0));
  // From one hour's last minute to the next hour's first, when both hours are named.
  if ([...hours].some((hour) => hours.has((hour + 1) % 24)))
    gaps.push(60 - (sorted.at(-1) ?? 0) + (sorted[0] ?? 0));
  return Math.min(...gaps);
}

/**
 * Why EventBridge (or we) would refuse a schedule expression, as a message for the user; null when
 * it is one we can read and EventBridge accepts: a rate says `1 hour` but `2 hours`, and a cron names
 * `?` in exactly one of day-of-month and day-of-week. It must also keep within the bounds
 * (`scheduleBoundProblem`).
 * @example scheduleProblem('rate(0 hours)') // 'The rate must be a whole number above 0, as in rate(6 hours)'
 */
export function scheduleProblem(expression: string): string | null {
  const text = expression.trim();
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(text);
  if (rate) {
    const [, amount = '0', unit = ''] = rate;
    if (Number(amount) <= 0) return 'The rate must be a whole number above 0, as in rate(6 hours)';
    if ((Number(amount) === 1) === unit.endsWith('s'))
      return 'A rate of 1 takes the singular, as in rate(1 hour); any other the plural, as in rate(6 hours)';
  } else if (/^rate\(/.test(text)) {
    return 'A rate reads rate(N minutes|hours|days), as in rate(6 hours)';
  }
  try {
    parseSchedule(text)(new Date());
  } catch (error) {
    return (error as Error).message;
  }
  const [, , day, , weekday] = cronFields(text) ?? [];
  if (day !== undefined && (day === '?') === (weekday === '?'))
    return `Invalid schedule ${text}: use ? in exactly one of day-of-month and day-of-week, as in cron(0 6 * * ? *)`;
  return scheduleBoundProblem(text);
}

/** What the schedule form offers: daily at a time (UTC), every N hours, or an expression as written. */
export type ScheduleChoice =
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'hours'; every: number }
  | { kind: 'custom'; expression: string };

/**
 * The expression of a choice: daily at 07:30 is `cron(30 7 * * ? *)`, every 6 hours `rate(6 hours)`.
 * @example scheduleExpression({ kind: 'hours', every: 1 }) // 'rate(1 hour)'
 */
export function scheduleExpression(choice: ScheduleChoice): string {
  if (choice.kind === 'daily') return `cron(${choice.minute} ${choice.hour} * * ? *)`;
  if (choice.kind === 'hours') return `rate(${choice.every} ${choice.every === 1 ? 'hour' : 'hours'})`;
  return choice.expression.trim();
}

/** The choice an expression is, when the form can show it as one (else `custom`). */
export function scheduleChoice(expression: string): ScheduleChoice {
  const text = expression.trim();
  const daily = /^cron\((\d{1,2}) (\d{1,2}) \* \* \? \*\)$/.exec(text);
  if (daily && Number(daily[1]) < 60 && Number(daily[2]) < 24)
    return { kind: 'daily', hour: Number(daily[2]), minute: Number(daily[1]) };
  const hours = /^rate\((\d+) hours?\)$/.exec(text);
  if (hours && scheduleProblem(text) === null) return { kind: 'hours', every: Number(hours[1]) };
  return { kind: 'custom', expression: text };
}
