// Parts of this run inside the page: they use the browser's types.
/// <reference lib="dom" />
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';

/** The sizes every screen is checked at: a phone, then a laptop, which the page is left at. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** Elements listed per rule; the rest are counted. */
const SHOWN_NODES = 5;

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe files "one main landmark" and "all content in landmarks" under best practices with moderate
 * impact; the app holds every screen to them, so they fail the check too (whole pages only).
 */
const LANDMARK_RULES = ['landmark-one-main', 'region'];

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core at 1440×900 and at 390×844 and throws one readable error listing every serious or
 * critical WCAG 2.x A/AA violation (rule, element, what to fix). `scope` limits the check to one
 * element, e.g. an open dialog; without it the whole page is checked, landmarks included. The
 * viewport is left at 1440×900.
 *
 * @example await expectAccessible(page); // a screen
 * @example await expectAccessible(page, page.getByRole('dialog')); // the open dialog
 */
export async function expectAccessible(page: Page, scope?: Locator): Promise<void> {
  const reports: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const violations = await runAxe(page, scope);
    reports.push(...violations.map((violation) => report(violation, `${viewport.width}×${viewport.height}`)));
  }
  if (reports.length > 0) {
    throw new Error(
      `Accessibility violations on ${page.url()}${scope ? ` in ${scope}` : ''}:\n${reports.join('\n')}`,
    );
  }
}

async function runAxe(page: Page, scope: Locator | undefined): Promise<Violation[]> {
  // Evaluated rather than added as a script tag, which the app's Content-Security-Policy blocks.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  await settled(page);
  // The whole document, or the one element the locator finds.
  const context = scope ? await scope.elementHandle() : null;
  const rules = Object.fromEntries(LANDMARK_RULES.map((id) => [id, { enabled: scope === undefined }]));
  const violations: Violation[] = await page.evaluate(
    async ({ context, tags, rules }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(context ?? document, { runOnly: { type: 'tag', values: tags }, rules });
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    },
    { context, tags: WCAG_TAGS, rules },
  );
  return violations.filter(
    (violation) =>
      violation.impact === 'serious' ||
      violation.impact === 'critical' ||
      LANDMARK_RULES.includes(violation.id),
  );
}

/** After a resize or an opening dialog: the layout redone and the finite animations (fades) over. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

function report(violation: Violation, viewport: string): string {
  const nodes = violation.nodes
    .slice(0, SHOWN_NODES)
    .map(
      (node) =>
        `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`,
    );
  const more = violation.nodes.length - SHOWN_NODES;
  if (more > 0) nodes.push(`    ... and ${more} more`);
  return `- [${viewport}] ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
}
