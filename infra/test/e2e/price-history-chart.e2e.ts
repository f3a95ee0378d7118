import { outcomeOfLegacyCheck } from '@cmp/shared';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { tabTo } from '../support/browser';
import { useBrowserPage } from '../support/browser-fixture';
import { openDashboard, productRow } from '../support/dashboard-page';
import { seededEffect } from '../support/run-records';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * The price history chart in both price dialogs (docs/screens.md#price-history-chart-both-price-dialogs):
 * a time axis, one line per competitor, our price as a dashed line, and the price with its date and
 * time on hover and by keyboard. One product, two competitor URLs checked on uneven days; the browser runs
 * in UTC so times are known.
 */
let stack: TestStack;

const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T09:30:00.000Z`;

async function seedCompetitor(token: string, productId: number, name: string, prices: [number, number][]) {
  const { recordLatestObservation } = await import('@cmp/functions/data/url-price-state.repository');
  const { putPriceRecord } = await import('@cmp/functions/data/price-record.repository');
  const url = `https://${name}/p/kettle`;
  const added = await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: productId, competitor_name: name, url },
  });
  const urlId = added.body.competitorUrl.id;
  for (const [day, price] of prices) {
    const observation = {
      run_id: `202601${String(day).padStart(2, '0')}T093000000Z-chart`,
      price,
      currency: 'GBP',
      in_stock: true,
      confidence: 0.95,
      scraped_at: at(day),
      error_message: null,
      ...outcomeOfLegacyCheck({ price, error_message: null }),
    };
    await putPriceRecord({
      ...observation,
      competitor_url_id: urlId,
      product_id: productId,
      competitor_name: name,
      competitor_url: url,
      llm_response: null,
    });
    await recordLatestObservation(urlId, observation, seededEffect(observation));
  }
}

const page = useBrowserPage({ timezoneId: 'UTC' });
beforeAll(async () => {
  stack = await startTestStack({ serveWeb: true });
  const token = await stack.login();
  const { body } = await stack.api('POST /api/products', {
    token,
    body: { sku: 'CHART-1', name: 'Chart Kettle', current_price: 20, cost: 10 },
  });
  await seedCompetitor(token, body.product.id, 'shop-a.example', [
    [1, 21],
    [2, 19.5],
    [5, 18],
  ]);
  await seedCompetitor(token, body.product.id, 'shop-b.example', [
    [1, 24],
    [4, 25],
  ]);
});
afterAll(() => stack?.stop());

/** What the chart in `figure` draws, read from the library's SVG: lines, legend, time axis, our price. */
async function drawn(figure: Locator) {
  const chart = figure.getByRole('application');
  await chart.locator('.recharts-line-dot').first().waitFor();
  return {
    legend: await figure.locator('p > span').allTextContents(),
    curves: await chart.locator('path.recharts-line-curve').count(),
    /** Our price's line is the dashed one. */
    dashed: await chart.locator('path.recharts-line-curve[stroke-dasharray]').count(),
    ticks: await chart
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents(),
    labels: await chart.locator('.recharts-label').allTextContents(),
  };
}

/** The dots of the line with `points` of them (the library draws dots apart from their line). */
const dotsOfLine = (figure: Locator, points: number) =>
  figure
    .locator('.recharts-line-dots')
    .filter({ has: figure.page().locator(`.recharts-line-dot:nth-child(${points}):last-child`) })
    .locator('.recharts-line-dot');

const dotXs = (dots: Locator) =>
  dots.evaluateAll((found) => found.map((dot) => Number(dot.getAttribute('cx'))).sort((a, b) => a - b));

async function tooltipText(figure: Locator) {
  const tooltip = figure.locator('.recharts-tooltip-wrapper');
  await tooltip.locator('.recharts-tooltip-item').first().waitFor();
  return tooltip.textContent();
}

/** Moves the mouse onto `dot` and returns the tooltip's text. */
async function hoverText(figure: Locator, dot: Locator) {
  await dot.scrollIntoViewIfNeeded();
  const box = await dot.boundingBox();
  if (!box) throw new Error('the dot is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return tooltipText(figure);
}

describe('the price history chart', () => {
  it('in the competitor prices dialog: a line per competitor on a time axis, our price, values on hover', async () => {
    await openDashboard(page, stack.url);
    await productRow(page, 'CHART-1').getByRole('button', { name: '2 of 2 with data' }).click();
    const dialog = page.getByRole('dialog');
    const figure = dialog.getByRole('figure', { name: 'Price history of Chart Kettle' });

    const seen = await drawn(figure);
    const shopA = dotsOfLine(figure, 3);
    const xs = await dotXs(shopA);
    const summary = await figure.locator('figcaption').textContent();
    const hovered = await hoverText(figure, shopA.nth(2));
    await expectAccessible(page, dialog);

    expect(seen.curves).toBe(3);
    expect(seen.dashed).toBe(1);
    expect(seen.legend.sort()).toEqual(['Our price', 'shop-a.example', 'shop-b.example']);
    expect(seen.ticks).toContain('Jan 1');
    expect(seen.ticks).toContain('Jan 5');
    for (const tick of seen.ticks) expect(tick).toMatch(/^Jan \d+$/);
    expect(seen.labels).toContain('Our price £20.00');
    // Checks on days 1, 2 and 5: the second gap is three times the first (spaced by time, not by count).
    expect(xs).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = xs;
    expect((third - second) / (second - first)).toBeCloseTo(3, 1);
    expect(summary).toBe(
      'Prices from Jan 1, 2026, 09:30 AM to Jan 5, 2026, 09:30 AM: lowest £18.00 at shop-a.example, ' +
        'highest £25.00 at shop-b.example; our price £20.00.',
    );
    expect(hovered).toContain('Jan 5, 2026, 09:30 AM');
    expect(hovered).toContain('shop-a.example');
    expect(hovered).toContain('£18.00');
  });

  it("in the Competitors page's price dialog: the competitor's line beside the latest 5 records, read by keyboard", async () => {
    await openDashboard(page, stack.url);
    await page.getByRole('link', { name: 'Competitors' }).click();
    await page.getByRole('heading', { name: 'Competitor URLs' }).waitFor();
    await page.getByRole('button', { name: /^shop-b\.example: prices from shop-b\.example/ }).click();
    const dialog = page.getByRole('dialog', { name: 'shop-b.example' });
    const figure = dialog.getByRole('figure', { name: 'Price history of shop-b.example' });

    const seen = await drawn(figure);
    const records = await dialog.locator('tbody tr').allTextContents();
    await tabTo(page, figure.getByRole('application'));
    await page.keyboard.press('ArrowRight');
    const second = await tooltipText(figure);
    await page.keyboard.press('ArrowLeft');
    await figure.locator('.recharts-tooltip-label', { hasText: 'Jan 1' }).waitFor();
    const first = await tooltipText(figure);
    const hovered = await hoverText(figure, dotsOfLine(figure, 2).nth(1));
    await expectAccessible(page, dialog);

    expect(seen.curves).toBe(2);
    expect(seen.dashed).toBe(1);
    expect(seen.legend).toEqual(['shop-b.example', 'Our price']);
    expect(seen.labels).toContain('Our price £20.00');
    expect(records).toHaveLength(2);
    expect(records[0]).toContain('Jan 4, 2026, 09:30 AM');
    expect(second).toContain('Jan 4, 2026, 09:30 AM');
    expect(first).toContain('Jan 1, 2026, 09:30 AM');
    expect(first).toContain('£24.00');
    expect(hovered).toContain('Jan 4, 2026, 09:30 AM');
    expect(hovered).toContain('£25.00');
  });
});
