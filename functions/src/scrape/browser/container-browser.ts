import type { Browser } from 'playwright-core';
import { perSettings } from '../../config';
import { scrapeSettings } from '../scrape.config';
import { launchRenderer } from './launch-renderer';

/**
 * The container's Chromium (RenderUrl's, RenderPage's), launched on its first page and kept while
 * the container lives; a new one when it went away.
 */
const kept = perSettings((): { browser?: Promise<Browser> } => ({}));

export function containerBrowser(): Promise<Browser> {
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
