import type { DiscoveryJob } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { discoveryPercent, discoveryText, isRunning } from './discovery-text';

const job = (fields: Partial<DiscoveryJob>): DiscoveryJob => ({
  id: 'c1-x',
  competitor_id: 1,
  status: 'running',
  started_at: '2026-11-29T10:00:00Z',
  finished_at: null,
  pages_listed: 2000,
  pages_recent: 0,
  pages_read: 480,
  pages_skipped: 20,
  products_found: 1234,
  suggestions: 0,
  errors: 0,
  problems: [],
  ...fields,
});

describe("a shop's discovery in one line", () => {
  it('says where a running one is, and how far in percent', () => {
    expect(discoveryText(job({}))).toBe('Reading pages: 500 of 2,000 · 1,234 products found');
    expect(discoveryPercent(job({}))).toBe(25);
    expect(isRunning(job({}))).toBe(true);
    expect(discoveryText(job({ status: 'queued' }))).toBe('Starting…');
  });

  it('says how the last one ended, with its counts and errors', () => {
    const done = job({ status: 'completed', finished_at: '2026-11-29T11:00:00Z', suggestions: 1, errors: 2 });
    expect(discoveryText(done, 'UTC')).toBe(
      'Done Nov 29, 2026, 11:00 AM · 480 pages read · 1,234 products · 1 suggestion · 2 errors',
    );
    expect(discoveryPercent(done)).toBeNull();
    expect(isRunning(done)).toBe(false);
    const failed = job({
      status: 'failed',
      finished_at: '2026-11-29T11:00:00Z',
      problems: ['The discovery failed'],
    });
    expect(discoveryText(failed, 'UTC')).toBe('Failed Nov 29, 2026, 11:00 AM: The discovery failed');
    expect(discoveryText(null)).toBe('Not discovered yet');
  });
});
