// How a competitor URL's latest check is shown on the Competitors page and in both price dialogs
// (docs/screens.md#8-competitors-page): its badge, message and time, what to do about a blocked shop,
// and a note when the compared price is older than the check.
import {
  type CheckOutcomeKind,
  formatDateTime,
  type LastCheck,
  OUTCOME_LABELS,
  ROBOTS_AGENT,
} from '@cmp/shared';

/** Badge colours (the Badge variants): green read, grey nothing to compare, orange to look at, red unreadable. */
export type OutcomeTone = 'success' | 'secondary' | 'warning' | 'destructive';

const TONES: Readonly<Record<CheckOutcomeKind, OutcomeTone>> = {
  ok: 'success',
  no_price: 'secondary',
  out_of_stock_no_price: 'secondary',
  review: 'warning',
  wrong_product: 'warning',
  blocked: 'destructive',
  failed: 'destructive',
};

export const outcomeTone = (outcome: CheckOutcomeKind): OutcomeTone => TONES[outcome];

/** What staff can do about a shop that refuses the scraper (issue 14: contact it, its feed, or remove). */
export const BLOCKED_ADVICE = `The shop refuses automated checks: ask it to allow ${ROBOTS_AGENT}, use its product feed, or remove this URL.`;

/** Shown where a URL has no check yet. */
export const NOT_CHECKED = 'Not checked yet';

/** The fields of a check the screens show; the price records and `last_check` both have them. */
export type CheckFacts = Pick<LastCheck, 'outcome' | 'message' | 'checked_at'> &
  Partial<Pick<LastCheck, 'consecutive_failures'>>;

export interface CheckView {
  outcome: CheckOutcomeKind;
  label: string;
  tone: OutcomeTone;
  message: string;
  when: string;
  /** The advice for a blocked shop; null for any other outcome. */
  advice: string | null;
  /** 'Could not be read in the last N checks' from two failures in a row; else null. */
  failuresInRow: string | null;
}

/** `timeZone` is for tests; the browser's zone is used otherwise. */
export function checkView(check: CheckFacts, timeZone?: string): CheckView {
  const failures = check.consecutive_failures ?? 0;
  return {
    outcome: check.outcome,
    label: OUTCOME_LABELS[check.outcome],
    tone: outcomeTone(check.outcome),
    message: check.message,
    when: formatDateTime(check.checked_at, timeZone),
    advice: check.outcome === 'blocked' ? BLOCKED_ADVICE : null,
    failuresInRow: failures >= 2 ? `Could not be read in the last ${failures} checks` : null,
  };
}

/**
 * When the price compared with ours is older than the latest check (which was held for review, or
 * could not read the page), says so; otherwise null.
 * @example stalePriceNote('2026-01-05T09:00Z', { checked_at: '2026-01-06T09:00Z', message: 'Blocked: …' })
 * // 'Compared price from Jan 5, 2026, 09:00 AM; latest check Jan 6, 2026, 09:00 AM: Blocked: …'
 */
export function stalePriceNote(
  comparedAt: string | null,
  check: Pick<CheckFacts, 'checked_at' | 'message'> | null,
  timeZone?: string,
): string | null {
  if (comparedAt === null || check === null) return null;
  if (Date.parse(comparedAt) >= Date.parse(check.checked_at)) return null;
  return `Compared price from ${formatDateTime(comparedAt, timeZone)}; latest check ${formatDateTime(check.checked_at, timeZone)}: ${check.message}`;
}
