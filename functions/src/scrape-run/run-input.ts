import * as z from 'zod';

/**
 * What a scrape run's execution starts with, the one shape every start writes and Prepare reads
 * (the definition hands it the whole input as `request`): a manual start (run-control.ts) names
 * the run it wrote and what to check; the schedule (the EventBridge rule CDK deploys, the local
 * stack's scheduler) sends `scheduledRunInput()`.
 */
export const runInputSchema = z.object({
  /** The run a manual start wrote, and named the execution after; Prepare makes one up otherwise. */
  runId: z
    .string()
    .regex(/^[\w-]{1,80}$/)
    .optional(),
  /** A start that names no trigger is the schedule's. */
  triggeredBy: z.enum(['manual', 'schedule']).default('schedule'),
  /** One product's URLs; null or absent: the whole catalogue. */
  productId: z.number().int().positive().nullish(),
  /** 'Check now': this URL only (of the product above). */
  urlId: z.number().int().positive().optional(),
});

export type RunInput = z.output<typeof runInputSchema>;

/** What the schedule starts a run with: the whole catalogue. */
export const scheduledRunInput = (): RunInput => ({ triggeredBy: 'schedule' });
