import { describe, expect, it } from 'vitest';
import { estimatedFinish, paceBoundSeconds } from './run-estimate';

const started = '2026-11-28T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the politeness bound', () => {
  it('is the busiest shop’s URLs at its spacing: 60,000 URLs 1 s apart are 60,000 s, whatever else the run has', () => {
    const hosts = new Map([
      ['big.example', 60_000],
      ['small.example', 500],
    ]);
    expect(paceBoundSeconds(hosts, 1000)).toBe(60_000);
    expect(paceBoundSeconds(new Map([['a', 3]]), 50)).toBe(1);
    expect(paceBoundSeconds(new Map(), 1000)).toBe(0);
  });
});

describe('a run’s expected end', () => {
  const run = { started_at: started, total_urls: 1000, successful_urls: 0, failed_urls: 0 };

  it('is the bound from the start before any check has landed', () => {
    expect(estimatedFinish({ ...run, pace_bound_seconds: 3600 }, at('2026-11-28T10:00:05Z'))).toBe(
      '2026-11-28T11:00:00.000Z',
    );
  });

  it('follows the pace so far when it is slower than the bound', () => {
    // 100 of 1,000 in 10 minutes: 90 minutes more.
    const slow = { ...run, successful_urls: 80, failed_urls: 20, pace_bound_seconds: 600 };
    expect(estimatedFinish(slow, at('2026-11-28T10:10:00Z'))).toBe('2026-11-28T11:40:00.000Z');
  });

  it('keeps the bound when the pace so far would end sooner', () => {
    const quick = { ...run, successful_urls: 500, pace_bound_seconds: 7200 };
    expect(estimatedFinish(quick, at('2026-11-28T10:10:00Z'))).toBe('2026-11-28T12:00:00.000Z');
  });

  it('is never in the past, and unknown with neither a bound nor a check', () => {
    const late = { ...run, pace_bound_seconds: 60 };
    expect(estimatedFinish(late, at('2026-11-28T12:00:00Z'))).toBe('2026-11-28T12:00:00.000Z');
    expect(estimatedFinish(run, at('2026-11-28T10:01:00Z'))).toBeNull();
  });
});
