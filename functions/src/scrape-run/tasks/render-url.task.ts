import { hostOf } from '@cmp/shared';
import { readEntrySettings } from '../../config';
import { containerBrowser } from '../../scrape/browser/container-browser';
import { renderPage } from '../../scrape/browser/render-page';
import { scrapeSettings, userAgent } from '../../scrape/scrape.config';
import { hostFetching } from '../host-settings-cache';
import { renderUrl } from '../scrape-url';
import { fetcherFor, llm, pacedCheck } from './check-task';

readEntrySettings(process.env);

/**
 * RenderUrl (the browser tier, issue 31): check one competitor URL in Chromium, its document paced
 * per host like a plain check's, then extract and record as ScrapeUrl does. Answers as ScrapeUrl.
 */
export const handler = (event: unknown) =>
  pacedCheck('RenderUrl', event, async ({ runId, urlId, escalating }, paced) => {
    const fetcher = fetcherFor(runId);
    const config = scrapeSettings();
    const open = await containerBrowser();
    return renderUrl(runId, urlId, {
      renderPage: paced(async (url, pacer) => {
        const { renderWaitMs } = await hostFetching(hostOf(url), runId);
        return renderPage(open, fetcher, url, { renderWaitMs, userAgent: userAgent(config) }, pacer);
      }),
      llm: llm(),
      escalating,
    });
  });
