import { readEntrySettings } from '../../config';
import { hostFetching } from '../host-settings-cache';
import { scrapeUrl } from '../scrape-url';
import { fetcherFor, llm, pacedCheck } from './check-task';

readEntrySettings(process.env);

/**
 * ScrapeUrl: fetch, extract and record one competitor URL, each request paced per host. Answers
 * `{ recorded }`; `{ render, escalating }` for a page the browser is to check (RenderUrl); or
 * `{ retryAt, retryAfterHonoured }` when the shop has no turn for it soon: the state machine waits
 * until then (WaitForHost) and calls it again.
 */
export const handler = (event: unknown) =>
  pacedCheck('ScrapeUrl', event, ({ runId, urlId }, paced) => {
    const fetcher = fetcherFor(runId);
    return scrapeUrl(runId, urlId, {
      fetchPage: paced((url, pacer) => fetcher.fetchPage(url, pacer)),
      llm: llm(),
      fetching: (host) => hostFetching(host, runId),
    });
  });
