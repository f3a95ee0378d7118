import * as z from 'zod';

/**
 * The event a run's ending publishes on EventBridge, defined once: CDK's rule pattern, the
 * publisher, the local bus and the alerts handler all read it from here.
 */
export const RUN_EVENTS_SOURCE = 'Check My Price';
export const RUN_COMPLETED = 'RunCompleted';

export const runCompletedDetailSchema = z.object({
  run_id: z.string().min(1),
  status: z.string().min(1),
  finished_at: z.string().min(1),
});
export type RunCompletedDetail = z.infer<typeof runCompletedDetailSchema>;
