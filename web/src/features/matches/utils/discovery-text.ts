// A shop's latest discovery in one line (docs/screens.md#16-matches-page): where a running one is, or
// how the last one ended, with its counts.
import { type DiscoveryJob, formatDateTime } from '@cmp/shared';

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const isRunning = (job: DiscoveryJob | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

export function discoveryText(job: DiscoveryJob | null | undefined, timeZone?: string): string {
  if (!job) return 'Not discovered yet';
  const found = count(job.products_found, 'product');
  const errors = job.errors > 0 ? ` · ${count(job.errors, 'error')}` : '';
  switch (job.status) {
    case 'queued':
      return 'Starting…';
    case 'running':
      return `Reading pages: ${(job.pages_read + job.pages_skipped).toLocaleString('en-US')} of ${job.pages_listed.toLocaleString('en-US')} · ${found} found${errors}`;
    case 'completed':
      return `Done ${formatDateTime(job.finished_at, timeZone)} · ${count(job.pages_read, 'page')} read · ${found} · ${count(job.suggestions, 'suggestion')}${errors}`;
    case 'failed':
      return `Failed ${formatDateTime(job.finished_at, timeZone)}${job.problems[0] ? `: ${job.problems[0]}` : ''}`;
    case 'stopped':
      return `Stopped ${formatDateTime(job.finished_at, timeZone)}`;
  }
}

/** How far a running discovery is, 0–100, or null when there is nothing to measure yet. */
export function discoveryPercent(job: DiscoveryJob | null | undefined): number | null {
  if (job?.status !== 'running' || job.pages_listed === 0) return null;
  return Math.min(
    100,
    Math.round(((job.pages_read + job.pages_skipped + job.errors) / job.pages_listed) * 100),
  );
}
