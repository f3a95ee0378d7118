import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';

/**
 * For a test file (or a describe) to call as it loads, before its own hooks: one Chromium for its
 * tests, closed after them, and for each test a fresh context and page, closed after it, so no test
 * sees another's storage or routes. The page returned stands for the running test's page, so the
 * file's helpers can close over it. `context` holds what every context needs (`acceptDownloads`,
 * `timezoneId`, ...).
 */
export function useBrowserPage(context: BrowserContextOptions = {}): Page {
  let launched: Promise<Browser> | undefined;
  let current: Page | undefined;
  beforeAll(() => {
    // Not awaited: the launch overlaps the file's own beforeAll (a stack starting).
    launched = launchBrowser();
    // A failed launch is reported by each test, which awaits it below.
    launched.catch(() => undefined);
  });
  afterAll(async () => {
    await (await launched?.catch(() => undefined))?.close();
  });
  beforeEach(async () => {
    if (!launched) throw new Error('useBrowserPage() was called after its tests began');
    current = await (await (await launched).newContext(context)).newPage();
  });
  afterEach(async () => {
    await current?.context().close();
    current = undefined;
  });
  return new Proxy({} as Page, {
    get(_, key) {
      if (!current) throw new Error('A page exists only inside a test');
      const value = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
