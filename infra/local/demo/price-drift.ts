/**
 * How demo prices move: a pure function of (page seed, tick). The demo shop moves a page on by one
 * tick each time it shows it (demo-shop.ts), so every price check reads a new price, while each
 * request, test and restart can still tell exactly what a page shows at a tick.
 */

/** A shop started at time T begins every page at tick T / 10 minutes, so a restart goes on elsewhere. */
export const START_SLOT_MS = 10 * 60 * 1000;
/** Prices stay within this fraction of the base price either way. */
export const MAX_DRIFT = 0.08;
/** A slow wave (a trend over many checks) plus a short moving sum of small steps (the jitter). */
const WAVE_AMPLITUDE = 0.04;
const WAVE_TICKS = 144;
const STEP = 0.01;
const STEP_WINDOW = 4;
/** Stock of a flipping page is decided per block of ticks, out of stock about one block in five. */
const STOCK_TICKS = 4;
const OUT_OF_STOCK_SHARE = 0.2;
/** Price endings shops use, in pence. */
const ENDINGS = [0, 49, 99];

/** The tick a shop started at `timeMs` begins its pages at. */
export const startTick = (timeMs: number): number => Math.floor(timeMs / START_SLOT_MS);

/** A deterministic number in [0, 1) for a seed and a slot (FNV-1a, then a murmur-style finaliser). */
function unitHash(seed: string, slot: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${slot}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** The relative offset from the base price at a tick, within ±MAX_DRIFT. */
function driftOffset(seed: string, tick: number): number {
  const phase = unitHash(`${seed}/phase`, 0) * 2 * Math.PI;
  let steps = 0;
  for (let i = 0; i < STEP_WINDOW; i++) steps += (unitHash(seed, tick - i) * 2 - 1) * STEP;
  return WAVE_AMPLITUDE * Math.sin((2 * Math.PI * tick) / WAVE_TICKS + phase) + steps;
}

/** Every price with a shop ending (.00, .49, .99) from `low` to `high` pence, ascending. */
function shopPrices(low: number, high: number): number[] {
  const prices: number[] = [];
  for (let pounds = Math.floor(low / 100); pounds <= Math.floor(high / 100); pounds++)
    for (const ending of ENDINGS) {
      const p = pounds * 100 + ending;
      if (p >= low && p <= high) prices.push(p);
    }
  return prices;
}

/**
 * The price in pence a page shows at a tick: the base price moved by the drift, then snapped to the
 * nearest shop price within ±8% of the base. Even ticks take only every other shop price of that
 * list and odd ticks the others, so two ticks in a row never show the same price.
 *
 * @example driftedPence('kettle', 3999, 2_950_000) // e.g. 4149
 */
export function driftedPence(seed: string, basePence: number, tick: number): number {
  const prices = shopPrices(Math.ceil(basePence * (1 - MAX_DRIFT)), Math.floor(basePence * (1 + MAX_DRIFT)));
  const target = basePence * (1 + driftOffset(seed, tick));
  const parity = Math.abs(tick % 2);
  // Any base above £3.20 has two shop prices inside its ±8% band; the base itself is only a fallback.
  let best: number | null = null;
  for (let i = parity; i < prices.length; i += 2) {
    const p = prices[i] as number;
    if (best === null || Math.abs(p - target) < Math.abs(best - target)) best = p;
  }
  return best ?? basePence;
}

/** Whether a page whose stock flips is in stock at a tick. */
export function flippingInStock(seed: string, tick: number): boolean {
  return unitHash(`${seed}/stock`, Math.floor(tick / STOCK_TICKS)) >= OUT_OF_STOCK_SHARE;
}
