import { hostOf } from '@cmp/shared';
import type { Browser } from 'playwright-core';
import { perSettings, readEntrySettings } from '../../config';
import { launchRenderer } from '../../scrape/browser/launch-renderer';
import { renderPage } from '../../scrape/browser/render-page';
import { scrapeSettings, userAgent } from '../../scrape/scrape.config';
import { hostFetching } from '../host-settings-cache';
import { renderUrl } from '../scrape-url';
import { fetcherFor, llm, pacedCheck } from './check-task';

readEntrySettings(process.env);

/** The container's Chromium, launched on its first page and kept (a new one if it went away). */
const kept = perSettings((): { browser?: Promise<Browser> } => ({}));
function browser(): Promise<Browser> {
  const held = kept();
  const current = held.browser;
  if (current) return current.then((open) => (open.isConnected() ? open : relaunch()));
  return relaunch();
}
function relaunch(): Promise<Browser> {
  const held = kept();
  const { CHROMIUM_PATH, CHROMIUM_BIN_DIR } = scrapeSettings();
  held.browser = launchRenderer({ chromiumPath: CHROMIUM_PATH, chromiumBinDir: CHROMIUM_BIN_DIR });
  held.browser.catch(() => {
    held.browser = undefined;
  });
  return held.browser;
}

/**
 * RenderUrl (the browser tier, issue 31): check one competitor URL in Chromium, its document paced
 * per host like a plain check's, then extract and record as ScrapeUrl does. Answers as ScrapeUrl.
 */
export const handler = (event: unknown) =>
  pacedCheck('RenderUrl', event, async ({ runId, urlId, escalating }, paced) => {
    const fetcher = fetcherFor(runId);
    const config = scrapeSettings();
    const open = await browser();
    return renderUrl(runId, urlId, {
      renderPage: paced(async (url, pacer) => {
        const { renderWaitMs } = await hostFetching(hostOf(url), runId);
        return renderPage(open, fetcher, url, { renderWaitMs, userAgent: userAgent(config) }, pacer);
      }),
      llm: llm(),
      escalating,
    });
  });
