import { randomBytes } from 'node:crypto';

/**
 * Run ids start with the run's start time (`20261122T143000123Z-…`), so runs and the records keyed
 * by them sort by time; they double as the Step Functions execution name (≤ 80 chars, [A-Za-z0-9-_]).
 */
export function newRunId(startedAt: string | Date = new Date(), suffix?: string): string {
  const stamp = new Date(startedAt).toISOString().replace(/[-:.]/g, '');
  const tail = (suffix ?? randomBytes(6).toString('hex')).replace(/[^A-Za-z0-9]/g, '').slice(0, 24);
  return `${stamp}-${tail || randomBytes(6).toString('hex')}`;
}
