import { describe, expect, it } from 'vitest';
import type { ImportJobRecord } from '../../data/import-job.repository';
import { importJobView } from './import-job';

const job = (fields: Partial<ImportJobRecord>): ImportJobRecord => ({
  id: '6d3f1c9e-8f4a-4b7e-9c2d-1a2b3c4d5e6f',
  kind: 'products',
  status: 'running',
  file_name: 'catalogue.csv',
  total_rows: 10_000,
  processed_rows: 500,
  imported: 0,
  errors: [],
  error_count: 0,
  error: null,
  created_at: '2026-11-26T10:00:00.000Z',
  finished_at: null,
  attempts: 1,
  heartbeat_at: '2026-11-26T10:00:30.000Z',
  file_key: null,
  resume_after_row: null,
  ...fields,
});
const at = (iso: string) => Date.parse(iso);

describe('importJobView', () => {
  it('shows a job as it is, without what only the import function needs', () => {
    const view = importJobView(job({}), at('2026-11-26T10:01:00.000Z'));

    expect(view).toMatchObject({ status: 'running', processed_rows: 500, error: null });
    expect(view).not.toHaveProperty('attempts');
    expect(view).not.toHaveProperty('heartbeat_at');
    expect(view).not.toHaveProperty('resume_after_row');
    expect(view).not.toHaveProperty('file_key');
  });

  it('reports a job whose heartbeat stopped for longer than its function may run as failed, saying what to do', () => {
    const view = importJobView(job({}), at('2026-11-26T10:06:31.000Z'));

    expect(view.status).toBe('failed');
    expect(view.error).toMatch(/Import the file again: what it imported is kept/);
  });

  it('counts a job never started from when it was queued, and leaves an ended job alone however old', () => {
    const queued = job({ status: 'queued', heartbeat_at: null, processed_rows: 0 });
    const done = job({ status: 'completed', finished_at: '2026-11-26T10:02:00.000Z' });

    expect(importJobView(queued, at('2026-11-26T10:05:00.000Z')).status).toBe('queued');
    expect(importJobView(queued, at('2026-11-26T10:06:01.000Z')).status).toBe('failed');
    expect(importJobView(done, at('2026-12-20T00:00:00.000Z')).status).toBe('completed');
  });
});
