import { readEntrySettings } from '../../config';
import { hostPacer } from '../../scrape-run/host-pacing';
import { fetcherFor } from '../../scrape-run/tasks/check-task';
import { taskInput } from '../../scrape-run/tasks/task-input';
import { prepareDiscovery } from '../discovery-steps';
import { jobInputSchema } from './discovery-input';

readEntrySettings(process.env);

/** How long PrepareDiscovery may wait for the shop's turns in all (its sitemaps, robots.txt, feeds). */
const PREPARE_TIME_MS = 12 * 60_000;

/** PrepareDiscovery: the job running, its feeds read, the sitemaps' pages to read in the data bucket. */
export const handler = async (event: unknown) => {
  const input = taskInput(jobInputSchema, event, 'PrepareDiscovery');
  return prepareDiscovery(input, {
    fetcher: fetcherFor(input.jobId),
    pacer: hostPacer({
      runId: input.jobId,
      latestStartMs: Date.now() + PREPARE_TIME_MS,
      maxWaitMs: PREPARE_TIME_MS,
    }),
  });
};
