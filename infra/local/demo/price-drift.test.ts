import { describe, expect, it } from 'vitest';
import { DEMO_PAGES } from './demo-pages';
import { driftedPence, flippingInStock, MAX_DRIFT, START_SLOT_MS, startTick } from './price-drift';

const FIRST = startTick(Date.parse('2026-11-01T00:00:00Z'));
/** Two thousand checks in a row. */
const TICKS = Array.from({ length: 2000 }, (_, i) => FIRST + i);

describe('driftedPence', () => {
  it('gives the same price for the same page and tick', () => {
    expect(driftedPence('/a', 3999, FIRST + 7)).toBe(driftedPence('/a', 3999, FIRST + 7));
  });

  it('shows a new price on every tick, for every drifting demo page: each check reads a new price', () => {
    for (const page of DEMO_PAGES.filter((p) => p.drifts)) {
      const prices = TICKS.map((t) => driftedPence(page.path, page.basePence, t));

      const repeats = prices.filter((p, i) => i > 0 && p === prices[i - 1]);

      expect([page.path, repeats]).toEqual([page.path, []]);
    }
  });

  it.each([999, 3999, 4200, 15500])(
    'stays within ±8%% of a base of %i pence, on a shop price ending',
    (base) => {
      const prices = TICKS.map((t) => driftedPence(`/page-${base}`, base, t));

      expect(Math.min(...prices)).toBeGreaterThanOrEqual(base * (1 - MAX_DRIFT));
      expect(Math.max(...prices)).toBeLessThanOrEqual(base * (1 + MAX_DRIFT));
      expect(new Set(prices.map((p) => p % 100))).toEqual(new Set([0, 49, 99]));
    },
  );

  it('moves up and down over many checks, in small steps', () => {
    const day = TICKS.slice(0, 144).map((t) => driftedPence('/kettle', 3999, t));
    const steps = day.slice(1).map((p, i) => p - (day[i] ?? p));

    expect(new Set(day).size).toBeGreaterThan(5);
    expect(steps.some((s) => s > 0)).toBe(true);
    expect(steps.some((s) => s < 0)).toBe(true);
    // 2% of drift per tick at most, plus snapping to a shop price ending either side (up to 75p each).
    expect(Math.max(...steps.map(Math.abs))).toBeLessThanOrEqual(3999 * 0.025 + 150);
  });

  it('moves different pages differently', () => {
    const a = TICKS.slice(0, 100).map((t) => driftedPence('/a', 3999, t));
    const b = TICKS.slice(0, 100).map((t) => driftedPence('/b', 3999, t));

    expect(a).not.toEqual(b);
  });
});

describe('startTick', () => {
  it('starts a shop started later further on, so a restart does not repeat the same prices', () => {
    const at = Date.parse('2026-11-03T05:00:00Z');

    expect(startTick(at + START_SLOT_MS)).toBe(startTick(at) + 1);
    expect(startTick(at + START_SLOT_MS - 1)).toBe(startTick(at));
  });
});

describe('flippingInStock', () => {
  it('is sometimes out of stock, mostly in stock, and steady over a few checks', () => {
    const states = TICKS.map((t) => flippingInStock('/speaker', t));
    const outShare = states.filter((s) => !s).length / states.length;
    const changes = states.filter((s, i) => i > 0 && s !== states[i - 1]).length;

    expect(outShare).toBeGreaterThan(0.05);
    expect(outShare).toBeLessThan(0.4);
    expect(changes).toBeLessThan(states.length / 3);
  });
});
