import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ADMIN } from './test-stack';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's package, else a browser
 * Playwright installed itself. Without one, the error names the command that gets one.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  const system = CANDIDATES.find((path) => existsSync(path));
  if (system) return system;
  const playwrights = safe(() => chromium.executablePath());
  if (playwrights && existsSync(playwrights)) return playwrights;
  throw new Error(
    'No Chromium found for the browser tests. Install one with:\n' +
      '  sudo apt-get install -y chromium        (Debian/Ubuntu)\n' +
      '  npx playwright-core install chromium    (where the network allows downloads)\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Headless Chromium with the flags this sandboxed, offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--disable-quic',
    ],
  });
}

/** Signs in through the login form as the test admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('Enter your email').fill(ADMIN.email);
  await page.getByPlaceholder('Enter password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
}
