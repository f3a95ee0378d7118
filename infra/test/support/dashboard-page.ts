// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { signInAsAdmin } from './browser';

/** The comparison table's row of one product. */
export const productRow = (page: Page, sku: string) =>
  page.locator('tbody tr').filter({ hasText: `SKU: ${sku}` });

/** The SKUs of the rows on screen, top to bottom. */
export const visibleSkus = async (page: Page) =>
  (
    await page
      .locator('tbody tr')
      .getByText(/^SKU: /)
      .allTextContents()
  ).map((text) => text.slice(5));

/** Picks `option` in the select named `selectName` (a Radix select: open it, then click). */
export async function choose(page: Page, selectName: string, option: string) {
  await page.getByRole('combobox', { name: selectName }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a row's actions menu and clicks `item`. */
export async function openRowMenu(page: Page, sku: string, item: string) {
  await productRow(page, sku)
    .getByRole('button', { name: /^More actions for / })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Waits until the table shows the page last asked for: the server cuts each page, and the page shown
 * before stays, busy, until it comes.
 */
export async function tableSettled(page: Page): Promise<void> {
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/** The table's "Showing 1 to 20 of 45 products" line. */
export const pageSummary = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ products$/);

/** Signs in as the admin and waits for the dashboard's table. */
export async function openDashboard(page: Page, baseUrl: string) {
  await signInAsAdmin(page, baseUrl);
  await pageSummary(page).waitFor();
}

/**
 * The Check My Price panel's progress line (`D of T URLs checked (S successful, F failed)`) and the
 * Results cell of the sessions table's running row, read at the same instant (between two renders).
 */
export const runFigures = (page: Page) =>
  page.evaluate(() => {
    const line = Array.from(document.querySelectorAll('p'), (p) => p.textContent ?? '').find((text) =>
      /^\d+ of \d+ URLs checked/.test(text),
    );
    const running = Array.from(document.querySelectorAll('tbody tr')).find((row) =>
      row.textContent?.includes('Running'),
    );
    return { progress: line ?? null, session: running?.textContent ?? null };
  });

/** What a progress line says as the sessions table's Results column says it: `S / T (F failed)`. */
export function asSessionResults(progress: string | null): string {
  const [, total, successful, failed] =
    progress?.match(/^\d+ of (\d+) URLs checked \((\d+) successful, (\d+) failed\)/) ?? [];
  if (total === undefined) throw new Error(`Not a progress line: ${progress}`);
  return `${successful} / ${total} (${failed} failed)`;
}

/** How long the SPA waits between two polls of a running check's status (docs/screens.md). */
const STATUS_POLL_MS = 10_000;

/**
 * Brings the SPA's status polls forward until `seen` holds: the page's clock (installed with
 * `page.clock.install()` before the page loaded; it goes on running) jumps the 10 s between two
 * polls, so the next poll comes now instead of in up to 10 s. A poll that came sooner than 10 s
 * would pass too; one that came later would never come, and the wait fails after `timeoutMs`.
 */
export async function pollStatusUntil(page: Page, seen: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await seen())) {
    if (Date.now() > deadline) throw new Error(`Not seen within ${timeoutMs} ms of status polls`);
    await page.clock.fastForward(STATUS_POLL_MS);
    // The poll's answer is fetched and drawn in real time.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
