import * as z from 'zod';
import { APP_EVENTS_SOURCE } from '../lib/app-events-source';

/**
 * The event a run's ending publishes on EventBridge, defined once: CDK's rule pattern, the
 * publisher (publish-run-completed.ts), the local bus and the alerts handler all read it from here.
 */
export const RUN_EVENTS_SOURCE = APP_EVENTS_SOURCE;
export const RUN_COMPLETED = 'RunCompleted';

export const runCompletedDetailSchema = z.object({
  run_id: z.string().min(1),
  status: z.string().min(1),
  finished_at: z.string().min(1),
});
export type RunCompletedDetail = z.infer<typeof runCompletedDetailSchema>;

/** The rule's event pattern, in EventBridge's own field names (CDK spells `detail-type` `detailType`). */
export const runCompletedPattern = {
  source: [RUN_EVENTS_SOURCE],
  'detail-type': [RUN_COMPLETED],
} as const;

/** The Lambda the rule targets: the alerts handler, with what it touches (infra/lib/bind-needs.ts). */
export const runCompletedTarget = {
  entry: 'src/alerts/alerts.handler.ts',
  needs: ['table', 'ses'],
  // Every channel's digest with its retries (3 tries with backoff each), channels in parallel.
  timeoutSeconds: 300,
  /** How often a run's end is handed over again when handling it fails (EventBridge and Lambda). */
  retries: 2,
} as const;
