import { countByOutcome, type ScraperLog, type ScraperStatus } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { sessionsWithStatus } from './live-sessions';
import { scraperLog } from './scraper-log.fixture';
import { runProgress, sessionResults } from './session-view';

const log = (id: string, extra: Partial<ScraperLog> = {}): ScraperLog =>
  scraperLog({ id, total_urls: 16, successful_urls: 16, failed_urls: 0, ...extra });

const running = log('run-2', { status: 'running', completed_at: null, successful_urls: 0 });
const status = (extra: Partial<ScraperStatus>): ScraperStatus => ({
  is_running: true,
  total_competitor_urls: 16,
  latest_log: running,
  current_stats: {
    successful_urls: 14,
    failed_urls: 1,
    total_urls: 16,
    outcome_counts: countByOutcome([...Array(14).fill('ok'), 'blocked']),
  },
  next_scheduled_run_at: null,
  estimated_finish_at: null,
  ...extra,
});

describe('sessionsWithStatus', () => {
  it('gives the running run’s row the counts of the progress line, not those read at its start', () => {
    const shown = sessionsWithStatus([running, log('run-1')], status({}));
    const progress = runProgress(status({}).current_stats);

    expect(shown.map((session) => session.id)).toEqual(['run-2', 'run-1']);
    expect(sessionResults(shown[0] as ScraperLog)).toBe('14 / 16 (1 failed)');
    expect(`${progress.done} of ${progress.total}`).toBe('15 of 16');
    expect(shown[1]).toEqual(log('run-1'));
  });

  it('shows a run the status saw end as ended, before the sessions are read again', () => {
    const ended = log('run-2', { successful_urls: 15, failed_urls: 1 });
    const shown = sessionsWithStatus(
      [running, log('run-1')],
      status({ is_running: false, latest_log: ended }),
    );

    expect(shown[0]).toEqual(ended);
  });

  it('lists a running run first before the sessions are read again, at most 10 rows', () => {
    const older = Array.from({ length: 10 }, (_, n) => log(`run-old-${n}`));
    const shown = sessionsWithStatus(older, status({}));

    expect(shown).toHaveLength(10);
    expect(shown[0]).toMatchObject({ id: 'run-2', successful_urls: 14, failed_urls: 1 });
  });

  it('leaves the sessions as they are without a latest run, or with an ended one they do not list', () => {
    const sessions = [log('run-1')];
    expect(sessionsWithStatus(sessions, status({ is_running: false, latest_log: null }))).toEqual(sessions);
    expect(sessionsWithStatus(sessions, status({ is_running: false, latest_log: log('run-0') }))).toEqual(
      sessions,
    );
  });
});
