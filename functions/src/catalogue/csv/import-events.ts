import * as z from 'zod';
import { APP_EVENTS_SOURCE } from '../../lib/app-events-source';

/**
 * The event an upload puts on the app's bus for its import job, defined once: CDK's rule, the
 * publisher (import-job.ts), the local bus and the import function read it from here.
 */
export const IMPORT_QUEUED = 'ImportQueued';

export const importQueuedDetailSchema = z.object({ import_id: z.uuid() });
export type ImportQueuedDetail = z.infer<typeof importQueuedDetailSchema>;

/** The rule's event pattern, in EventBridge's own field names. */
export const importQueuedPattern = {
  source: [APP_EVENTS_SOURCE],
  'detail-type': [IMPORT_QUEUED],
} as const;

/**
 * The Lambda the rule targets: it applies the job's file in batches (import-job.ts), reads a large
 * one from the data bucket, and queues the job again when the file takes more than one run.
 */
export const importQueuedTarget = {
  entry: 'src/catalogue/csv/import.handler.ts',
  needs: ['table', 'runEvents', 'uploadFilesRead'],
  // A run stops 30 s before this and the job goes on in the next (decision 70).
  timeoutSeconds: 300,
  /** A failed import is tried twice more: the job resumes where it stopped (decision 60). */
  retries: 2,
} as const;
