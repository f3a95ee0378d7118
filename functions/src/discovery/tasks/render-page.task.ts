import { hostOf } from '@cmp/shared';
import { readEntrySettings } from '../../config';
import { containerBrowser } from '../../scrape/browser/container-browser';
import { renderPage } from '../../scrape/browser/render-page';
import { scrapeSettings, userAgent } from '../../scrape/scrape.config';
import { hostFetching } from '../../scrape-run/host-settings-cache';
import { fetcherFor, pacedTask } from '../../scrape-run/tasks/check-task';
import { taskInput } from '../../scrape-run/tasks/task-input';
import { readDiscoveryPage } from '../discovery-steps';
import { jobRunning, pageInputSchema } from './discovery-input';

readEntrySettings(process.env);

/** RenderPage: a page of a host read in the browser (issue 31), paced and kept as ReadPage's. */
export const handler = (event: unknown) => {
  const input = taskInput(pageInputSchema, event, 'RenderPage');
  const fetcher = fetcherFor(input.jobId);
  return pacedTask(
    { key: input.jobId, ...input },
    {
      stillWanted: () => jobRunning(input),
      stopped: { read: false },
      comeBackWith: { render: true },
      attempt: async (paced) => {
        const open = await containerBrowser();
        return readDiscoveryPage(input, {
          getPage: paced(async (url, pacer) => {
            const { renderWaitMs } = await hostFetching(hostOf(url), input.jobId);
            return renderPage(
              open,
              fetcher,
              url,
              { renderWaitMs, userAgent: userAgent(scrapeSettings()) },
              pacer,
            );
          }),
        });
      },
    },
  );
};
