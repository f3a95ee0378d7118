/**
 * Picks, among a page's structured offers, the ones for our product in new condition, and tells
 * when the page is for another product: the open-box or another variant's price, or a related
 * product after a page change, must not pass for the competitor's price of what we sell.
 */
import type { PageHints, PriceCandidate } from './candidate';
import { canonicalAmount } from './price-parse';

/**
 * Narrows offers to the product asked for: new condition when the page offers it; then by our GTIN,
 * MPN or SKU; else by ids or addresses that the page address names (a selected variant); else all.
 */
export function selectOffers(
  all: readonly PriceCandidate[],
  pageUrl: string,
  hints: PageHints,
  notes: string[],
): PriceCandidate[] {
  const offers = newConditionFirst(all, notes);
  const wanted = [hints.gtin && normaliseGtin(hints.gtin), hints.mpn, hints.sku]
    .filter((h): h is string => !!h)
    .map(normaliseId);
  if (wanted.length > 0) {
    const matching = offers.filter((o) =>
      [...o.ids, ...(o.gtins ?? [])].some((id) => wanted.includes(normaliseId(id))),
    );
    if (matching.length > 0) {
      notes.push(`Picked the offer(s) matching ${wanted.join(' / ')}.`);
      return matching;
    }
  }
  const amounts = new Set(offers.map((o) => canonicalAmount(o.amount)));
  if (amounts.size <= 1) return [...offers];
  const url = safeDecode(pageUrl).toLowerCase();
  // Only offers that carry ids or addresses can be told apart; the others (meta tags) stay in.
  const named = offers.filter((o) => o.ids.length > 0 || o.urls.length > 0);
  const byUrl = named.filter(
    (o) => o.ids.some((id) => id.length >= 4 && url.includes(id)) || o.urls.some((u) => sameAddress(u, url)),
  );
  if (byUrl.length > 0 && byUrl.length < named.length) {
    notes.push('Picked the offer the page address names (a selected variant).');
    return [...byUrl, ...offers.filter((o) => !named.includes(o))];
  }
  return [...offers];
}

/**
 * Used, refurbished, open-box, damaged and marketplace-seller offers are left out when the page also
 * offers the product new (or without saying its condition, which on a shop's own page means new).
 */
function newConditionFirst(offers: readonly PriceCandidate[], notes: string[]): readonly PriceCandidate[] {
  const isNew = (o: PriceCandidate) => o.condition === undefined || o.condition === 'new';
  const others = offers.filter((o) => !isNew(o));
  if (others.length === 0 || others.length === offers.length) return offers;
  const kinds = [...new Set(others.map((o) => o.condition))].join(', ');
  notes.push(`Left out ${others.length} offer(s) not in new condition (${kinds}).`);
  return offers.filter(isNew);
}

/**
 * Why the page is for another product than ours, or null: the product whose price was chosen (or,
 * without one, the page's first product) carries GTINs and none is ours, nor does any other offer
 * on the page carry ours. Without our GTIN, or without GTINs on the page, nothing can be told.
 */
export function otherProduct(
  structured: readonly PriceCandidate[],
  chosen: PriceCandidate | null,
  hints: PageHints,
): string | null {
  const ours = hints.gtin ? normaliseGtin(hints.gtin) : null;
  if (!ours) return null;
  if (structured.some((c) => c.gtins?.includes(ours))) return null;
  const theirs = (chosen?.gtins?.length ? chosen : structured.find((c) => c.gtins?.length))?.gtins;
  if (!theirs?.length) return null;
  return `Wrong product: the page is for GTIN ${theirs[0]}, ours is ${ours}`;
}

/** A GTIN's digits without leading zeros (GTIN-13 and GTIN-14 of one product compare equal), or null. */
export function normaliseGtin(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{8,14}$/.test(digits)) return null;
  return digits.replace(/^0+(?=\d)/, '');
}

/** Ids compare case-insensitively, and numbers without their leading zeros (GTIN-13 vs GTIN-14). */
function normaliseId(id: string): string {
  const trimmed = id.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, '') : trimmed;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Two addresses name the same page when they match without fragment and trailing slash. */
function sameAddress(a: string, pageUrl: string): boolean {
  const norm = (u: string) => safeDecode(u).toLowerCase().replace(/#.*$/, '').replace(/\/$/, '');
  return norm(a) === norm(pageUrl);
}
