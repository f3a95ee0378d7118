// The Check My Price panel's texts (docs/screens.md#6-dashboard-check-my-price-tab,
// docs/screens.md#sessions-table). Pure.
import {
  CHECK_OUTCOMES,
  type CheckOutcomeKind,
  formatDateTime,
  type LlmSummary,
  NEVER,
  type OutcomeCounts,
  type ScraperLog,
  type ScraperStatus,
} from '@cmp/shared';
import { figureOf, NO_FIGURE } from '../../../lib/figure';

/** docs/rules.md#17-client-timings-and-limits: the status is polled every 10 s while a run is active. */
export const POLL_INTERVAL_MS = 10_000;

export type SessionBadge = {
  label: string;
  tone: 'info' | 'success' | 'destructive' | 'warning' | 'secondary';
};

/** running blue (with a spinner), completed green, failed red, stopped orange, anything else 'Unknown'. */
export function sessionStatusBadge(status: string): SessionBadge {
  switch (status) {
    case 'running':
      return { label: 'Running', tone: 'info' };
    case 'completed':
      return { label: 'Completed', tone: 'success' };
    case 'failed':
      return { label: 'Failed', tone: 'destructive' };
    case 'stopped':
      return { label: 'Stopped', tone: 'warning' };
    default:
      return { label: 'Unknown', tone: 'secondary' };
  }
}

/** 'Manual' for manual runs, 'Auto' for anything else (the schedule). */
export const triggerLabel = (triggeredBy: string): 'Manual' | 'Auto' =>
  triggeredBy === 'manual' ? 'Manual' : 'Auto';

/**
 * Whole seconds from start to completion with an 's', or 'Running...' before completion.
 * @example sessionDuration({ started_at: '…T10:00:00Z', completed_at: '…T10:01:05.900Z' }) // '65s'
 */
export function sessionDuration(log: Pick<ScraperLog, 'started_at' | 'completed_at'>): string {
  if (!log.completed_at) return 'Running...';
  const seconds = Math.floor((Date.parse(log.completed_at) - Date.parse(log.started_at)) / 1000);
  return `${Number.isFinite(seconds) ? Math.max(0, seconds) : 0}s`;
}

/**
 * successful / total × 100 to one decimal, 0 when nothing was checked.
 * @example sessionSuccessRate({ successful_urls: 2, total_urls: 3 }) // '66.7%'
 */
export function sessionSuccessRate(log: Pick<ScraperLog, 'successful_urls' | 'total_urls'>): string {
  const rate = log.total_urls > 0 ? (log.successful_urls / log.total_urls) * 100 : 0;
  return `${rate.toFixed(1)}%`;
}

/**
 * The Results column: how many URLs found a price and how many failed, and those a run that ended
 * early never got to, so the figures add up to the total.
 * @example sessionResults({ successful_urls: 12, total_urls: 15, failed_urls: 2, not_checked_urls: 1 })
 * // '12 / 15 (2 failed, 1 not checked)'
 */
export function sessionResults(
  log: Pick<ScraperLog, 'successful_urls' | 'failed_urls' | 'total_urls' | 'not_checked_urls'>,
): string {
  const notChecked = log.not_checked_urls > 0 ? `, ${log.not_checked_urls} not checked` : '';
  return `${log.successful_urls} / ${log.total_urls} (${log.failed_urls} failed${notChecked})`;
}

export interface FailureBreakdown {
  blocked: number;
  review: number;
  /** Every other check that found no price we compare: no price, out of stock, wrong product, failed. */
  other: number;
}

/**
 * The failed checks by cause: blocked and held for review apart, as staff act on them differently
 * (ask the shop; accept or reject the price). Null without counts (a run still going, or an old one,
 * or an answer without them); an outcome the counts do not name (kept before it existed) counts 0.
 */
export function failureBreakdown(counts: OutcomeCounts | null | undefined): FailureBreakdown | null {
  if (typeof counts !== 'object' || counts === null) return null;
  const count = (outcome: CheckOutcomeKind) => figureOf(counts[outcome]) ?? 0;
  const total = CHECK_OUTCOMES.reduce((sum, outcome) => sum + count(outcome), 0);
  const other = total - count('ok') - count('blocked') - count('review');
  return { blocked: count('blocked'), review: count('review'), other };
}

/**
 * The Results column's second line: the causes that occurred, or null.
 * @example failureBreakdownText(counts) // '2 blocked, 1 held for review, 4 other'
 */
export function failureBreakdownText(counts: OutcomeCounts | null | undefined): string | null {
  const breakdown = failureBreakdown(counts);
  if (!breakdown) return null;
  const parts = [
    breakdown.blocked > 0 ? `${breakdown.blocked} blocked` : null,
    breakdown.review > 0 ? `${breakdown.review} held for review` : null,
    breakdown.other > 0 ? `${breakdown.other} other` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The Results column's line about the AI step, when checks lost it: how many and why; null when no
 * check called the model or none lost it.
 * @example llmLossText({ calls: 12, failed: 3, reasons: [{ reason: 'access denied', count: 3 }] })
 * // 'AI step lost in 3 of 12 checks: access denied 3'
 */
export function llmLossText(llm: LlmSummary | null): string | null {
  if (!llm || llm.failed === 0) return null;
  const why = llm.reasons.map(({ reason, count }) => `${reason} ${count}`).join(', ');
  return `AI step lost in ${llm.failed} of ${llm.calls} checks: ${why}`;
}

/** The header card's last run: completed time, else started time, else 'Never'. */
export function lastRunText(latest: ScraperStatus['latest_log']): string {
  const when = latest?.completed_at ?? latest?.started_at;
  return when ? formatDateTime(when) : NEVER;
}

/** A percentage to one decimal (docs/rules.md#4-display-formats), or '—' when the answer has none. */
export function rateText(percent: number): string {
  const value = figureOf(percent);
  return value === null ? NO_FIGURE : `${value.toFixed(1)}%`;
}

export interface ProgressPart {
  label: 'Price found' | 'Held for review' | 'Blocked' | 'Other failures';
  count: number;
  /** Its share of the total, 0–100: the width of its part of the bar. */
  percent: number;
}

/**
 * The running notice's progress: URLs done (successful plus failed) over the total, as a 0–100
 * share too, and the done ones by outcome (the bar's parts, in this order); `parts` is null when the
 * status does not count them by outcome (an older API).
 */
export function runProgress(stats: ScraperStatus['current_stats']): {
  done: number;
  total: number;
  percent: number;
  parts: ProgressPart[] | null;
} {
  const done = stats.successful_urls + stats.failed_urls;
  const share = (count: number) =>
    stats.total_urls > 0 ? Math.min(100, Math.round((count / stats.total_urls) * 100)) : 0;
  const part = (label: ProgressPart['label'], count: number) => ({ label, count, percent: share(count) });
  const causes = failureBreakdown(stats.outcome_counts);
  return {
    done,
    total: stats.total_urls,
    percent: share(done),
    parts: causes && [
      part('Price found', figureOf(stats.outcome_counts.ok) ?? 0),
      part('Held for review', causes.review),
      part('Blocked', causes.blocked),
      part('Other failures', causes.other),
    ],
  };
}

/** When the schedule starts the next run, or that it is off. */
/** The running run's expected end, from its shops' pace and its pace so far (docs/rules.md#12-scrape-runs). */
export const finishText = (finishAt: string): string =>
  `Expected to finish around ${formatDateTime(finishAt)}`;

export const nextRunText = (nextAt: string | null): string =>
  nextAt ? `Next scheduled run: ${formatDateTime(nextAt)}` : 'Scheduled runs are off';
