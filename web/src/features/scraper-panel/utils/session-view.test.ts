import { countByOutcome, type OutcomeCounts, type ScraperStatus } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { scraperLog as log } from './scraper-log.fixture';
import {
  failureBreakdown,
  failureBreakdownText,
  finishText,
  lastRunText,
  llmLossText,
  nextRunText,
  rateText,
  runProgress,
  sessionDuration,
  sessionResults,
  sessionStatusBadge,
  sessionSuccessRate,
  triggerLabel,
} from './session-view';

describe('session rows', () => {
  it('colours each status and calls anything else Unknown', () => {
    expect(['running', 'completed', 'failed', 'stopped', 'paused'].map(sessionStatusBadge)).toEqual([
      { label: 'Running', tone: 'info' },
      { label: 'Completed', tone: 'success' },
      { label: 'Failed', tone: 'destructive' },
      { label: 'Stopped', tone: 'warning' },
      { label: 'Unknown', tone: 'secondary' },
    ]);
  });

  it('shows Manual for manual runs and Auto for anything else', () => {
    expect(['manual', 'schedule', ''].map(triggerLabel)).toEqual(['Manual', 'Auto', 'Auto']);
  });

  it('counts whole seconds from start to completion, or says it is still running', () => {
    expect(sessionDuration(log())).toBe('65s');
    expect(sessionDuration(log({ completed_at: '2026-11-21T10:00:00.400Z' }))).toBe('0s');
    expect(sessionDuration(log({ completed_at: null }))).toBe('Running...');
  });

  it('rates success as successful over total to one decimal, 0 with no URLs', () => {
    expect(sessionSuccessRate(log())).toBe('66.7%');
    expect(sessionSuccessRate(log({ successful_urls: 3 }))).toBe('100.0%');
    expect(sessionSuccessRate(log({ total_urls: 0, successful_urls: 0 }))).toBe('0.0%');
  });

  it('sums up the results', () => {
    expect(sessionResults(log())).toBe('2 / 3 (1 failed)');
  });

  it('adds the URLs a stopped run never checked, so the figures add up to the total', () => {
    expect(
      sessionResults(
        log({ status: 'stopped', total_urls: 15, successful_urls: 12, failed_urls: 2, not_checked_urls: 1 }),
      ),
    ).toBe('12 / 15 (2 failed, 1 not checked)');
  });
});

describe('header card', () => {
  it('shows the completed time, else the started time, else Never', () => {
    expect(lastRunText(log())).toMatch(/Nov 21, 2026/);
    expect(lastRunText(log({ completed_at: null, started_at: '2025-01-02T10:00:00Z' }))).toMatch(
      /Jan 2, 2025/,
    );
    expect(lastRunText(null)).toBe('Never');
  });

  it('shows rates to one decimal', () => {
    expect(rateText(87.456)).toBe('87.5%');
    expect(rateText(0)).toBe('0.0%');
  });

  it('shows a rate the answer lacks as a dash', () => {
    expect(rateText(undefined as unknown as number)).toBe('—');
  });

  it('counts successful plus failed URLs as done, and splits them by outcome for the bar', () => {
    const progress = runProgress({
      successful_urls: 3,
      failed_urls: 3,
      total_urls: 12,
      outcome_counts: countByOutcome(['ok', 'ok', 'ok', 'blocked', 'review', 'no_price']),
    });

    expect(progress).toEqual(expect.objectContaining({ done: 6, total: 12, percent: 50 }));
    expect(progress.parts).toEqual([
      { label: 'Price found', count: 3, percent: 25 },
      { label: 'Held for review', count: 1, percent: 8 },
      { label: 'Blocked', count: 1, percent: 8 },
      { label: 'Other failures', count: 1, percent: 8 },
    ]);
    expect(
      runProgress({ successful_urls: 0, failed_urls: 0, total_urls: 0, outcome_counts: countByOutcome([]) }),
    ).toEqual(expect.objectContaining({ done: 0, total: 0, percent: 0 }));
  });

  it('still counts the progress of a status without counts by outcome (an older API), with no parts', () => {
    const older = { successful_urls: 2, failed_urls: 1, total_urls: 4 } as ScraperStatus['current_stats'];
    expect(runProgress(older)).toEqual({
      done: 3,
      total: 4,
      percent: 75,
      parts: null,
    });
  });

  it('says when the next scheduled run is, or that scheduled runs are off', () => {
    expect(nextRunText('2026-11-27T06:00:00.000Z')).toMatch(/^Next scheduled run: Nov 2[67], 2026/);
    expect(nextRunText(null)).toBe('Scheduled runs are off');
  });

  it('says when the running run should end, in local time', () => {
    expect(finishText('2026-11-27T18:30:00.000Z')).toMatch(/^Expected to finish around Nov 2[78], 2026/);
  });
});

describe('failures by cause', () => {
  const counts = countByOutcome([
    'ok',
    'ok',
    'blocked',
    'blocked',
    'review',
    'failed',
    'no_price',
    'wrong_product',
    'out_of_stock_no_price',
  ]);

  it('counts blocked and held-for-review checks apart from the other failures', () => {
    expect(failureBreakdown(counts)).toEqual({ blocked: 2, review: 1, other: 4 });
    expect(failureBreakdownText(counts)).toBe('2 blocked, 1 held for review, 4 other');
  });

  it('names only the causes that occurred, and nothing without failures or counts', () => {
    expect(failureBreakdownText(countByOutcome(['ok', 'review', 'failed']))).toBe(
      '1 held for review, 1 other',
    );
    expect(failureBreakdownText(countByOutcome(['blocked']))).toBe('1 blocked');
    expect(failureBreakdownText(countByOutcome(['ok']))).toBeNull();
    // A run still going, or one recorded before outcomes were counted.
    expect(failureBreakdownText(null)).toBeNull();
    expect(failureBreakdown(null)).toBeNull();
    expect(failureBreakdown(undefined)).toBeNull();
  });

  it('counts 0 for an outcome the counts do not name (kept before it existed)', () => {
    const { review: _, ...older } = countByOutcome(['ok', 'blocked', 'failed']);
    expect(failureBreakdown(older as OutcomeCounts)).toEqual({ blocked: 1, review: 0, other: 1 });
  });
});

describe('the AI step in the Results column', () => {
  it('says how many checks lost it and why, and nothing when none did', () => {
    expect(
      llmLossText({
        calls: 12,
        failed: 3,
        reasons: [
          { reason: 'access denied', count: 2 },
          { reason: 'throttled', count: 1 },
        ],
      }),
    ).toBe('AI step lost in 3 of 12 checks: access denied 2, throttled 1');
    expect(llmLossText({ calls: 12, failed: 0, reasons: [] })).toBeNull();
    expect(llmLossText(null)).toBeNull();
  });
});
