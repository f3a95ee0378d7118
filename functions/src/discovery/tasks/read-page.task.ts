import { readEntrySettings } from '../../config';
import { hostFetching } from '../../scrape-run/host-settings-cache';
import { fetcherFor, pacedTask } from '../../scrape-run/tasks/check-task';
import { taskInput } from '../../scrape-run/tasks/task-input';
import { readDiscoveryPage } from '../discovery-steps';
import { jobRunning, pageInputSchema } from './discovery-input';

readEntrySettings(process.env);

/**
 * ReadPage: one page the sitemaps list, fetched paced per host as a check's page is, its product
 * kept. `{ render }` sends it to RenderPage; `{ retryAt }` to the state machine's wait.
 */
export const handler = (event: unknown) => {
  const input = taskInput(pageInputSchema, event, 'ReadPage');
  const fetcher = fetcherFor(input.jobId);
  return pacedTask(
    { key: input.jobId, ...input },
    {
      stillWanted: () => jobRunning(input),
      stopped: { read: false },
      attempt: (paced) =>
        readDiscoveryPage(input, {
          getPage: paced((url, pacer) => fetcher.fetchPage(url, pacer)),
          fetching: (host) => hostFetching(host, input.jobId),
        }),
    },
  );
};
