// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { SERVER_CHROMIUM_ARGS } from '@cmp/functions/scrape/browser/render-page';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { chromiumOnThisMachine } from '../../local/chromium-path';
import { ADMIN } from './test-stack';

/**
 * The Chromium the browser tests drive (the local stack's, chromium-path.ts); without one, the error
 * names the command that gets one.
 */
export function findChromium(): string {
  if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH))
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
  const found = chromiumOnThisMachine();
  if (found) return found;
  throw new Error(
    'No Chromium found for the browser tests. Install one with:\n' +
      '  sudo apt-get install -y chromium        (Debian/Ubuntu)\n' +
      '  npx playwright-core install chromium    (where the network allows downloads)\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

/** Headless Chromium with the flags this sandboxed, offline machine needs (the renderer's, without its proxy). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: SERVER_CHROMIUM_ARGS });
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('Enter your email or username').fill(user.email);
  await page.getByPlaceholder('Enter password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
}

/**
 * Opens `path` as `user` would on coming back to the app: signed in through the API, the session
 * left in local storage where a sign-in leaves it (docs/rules.md §11), then the page loaded, which
 * checks the stored token as at every start. A page load and the dashboard's data quicker than the
 * form, which sign-in.e2e.ts and the demo journey go through.
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  path: string,
  user: { email: string; password: string } = ADMIN,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await response.json()) as { token?: string; user?: unknown };
  if (response.status !== 200 || !body.token)
    throw new Error(`Sign-in of ${user.email} failed with ${response.status}: ${JSON.stringify(body)}`);
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: [
          { name: 'authToken', value: body.token },
          { name: 'userData', value: JSON.stringify(body.user) },
        ],
      },
    ],
  });
  await page.goto(`${baseUrl}${path}`);
}

/** Opens the dashboard signed in as `user` (openSignedIn) and waits for it. */
export async function signIn(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
): Promise<void> {
  await openSignedIn(page, baseUrl, '/dashboard', user);
  await page.getByRole('heading', { name: 'Price Comparison Dashboard' }).waitFor();
}

/** Opens the dashboard signed in as the test admin and waits for it. */
export const signInAsAdmin = (page: Page, baseUrl: string): Promise<void> => signIn(page, baseUrl, ADMIN);

/**
 * Presses Tab until `target` has focus, as a keyboard user would, and fails when it is not reached
 * within `maxPresses` or when a control on the way shows no focus indicator (an outline, or the
 * theme's focus ring).
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(focusShown);
    if (!focused.visible) throw new Error(`No visible focus indicator on ${focused.html}`);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached after ${maxPresses} presses of Tab`);
}

/** Runs in the page: whether the focused element shows an outline or the ring token's colour. */
async function focusShown(): Promise<{ visible: boolean; html: string }> {
  const element = document.activeElement ?? document.body;
  // Past the last control, focus rests on the page itself.
  if (element === document.body) return { visible: true, html: 'body' };
  // A ring that fades in is judged once shown.
  await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  const style = getComputedStyle(element);
  const probe = document.createElement('i');
  probe.style.color = 'var(--color-ring)';
  document.body.append(probe);
  const ring = getComputedStyle(probe).color;
  probe.remove();
  const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  return { visible: outlined || style.boxShadow.includes(ring), html: element.outerHTML.slice(0, 200) };
}
