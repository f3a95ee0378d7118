import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The Chromium on this machine, for the browser tier's checks (CHROMIUM_PATH) and the browser tests:
 * CHROMIUM_PATH, else Debian's package, else a browser Playwright installed itself; undefined
 * without one (the local stack's browser checks then fail, saying so).
 */
export function chromiumOnThisMachine(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  const system = CANDIDATES.find((path) => existsSync(path));
  if (system) return system;
  try {
    const playwrights = chromium.executablePath();
    return existsSync(playwrights) ? playwrights : undefined;
  } catch {
    return undefined;
  }
}
