import * as z from 'zod';
import { getDiscoveryJob } from '../../data/discovery-job.repository';

/** What every discovery task is given: its job. */
export const jobInputSchema = z.object({
  jobId: z.string().min(1).max(80),
  competitorId: z.number().int().positive(),
});

/** ReadPage's and RenderPage's input: one listed page, and what its pace knows. */
export const pageInputSchema = jobInputSchema.extend({
  url: z.url(),
  /** Its child execution's start. */
  startedAt: z.iso.datetime().optional(),
  retryAfterHonoured: z.boolean().default(false),
  waited: z.boolean().default(false),
});
export type PageInput = z.output<typeof pageInputSchema>;

/** Whether the job still runs (a page waited in the state machine while it was stopped). */
export async function jobRunning({ jobId, competitorId }: PageInput): Promise<boolean> {
  const job = await getDiscoveryJob(competitorId);
  return job?.id === jobId && job.status === 'running';
}
