/**
 * Every price the extraction considered on a page, as staff see them under 'Not the right price?',
 * and a person's pin: the place of the price they picked, which later checks read first.
 */
import type { PriceCandidate } from './candidate';
import type { Decision } from './confidence';
import { canonicalAmount } from './price-parse';

/** Where a considered price came from, as the API names it (RDFa counts as microdata: both are markup). */
export type ConsideredSource = 'json-ld' | 'microdata' | 'meta' | 'visible';

export interface ConsideredPrice {
  /** 1, 2, …: the price's number within its check. */
  readonly id: number;
  readonly amount: string;
  readonly currency: string | null;
  readonly source: ConsideredSource;
  /** The text around the price, at most CONTEXT_CHARS. */
  readonly context: string;
  /** The price the check took. */
  readonly chosen: boolean;
  /** Where it sits: a structured-data path, or for a visible price its element path and label. */
  readonly locator: string;
}

/** A check keeps at most this many prices: the structured ones, then the visible ones best first. */
export const MAX_CONSIDERED = 20;
export const CONTEXT_CHARS = 120;
/** A visible price this far down the ranking (a struck price scores about -8) is still offered. */
const LOWEST_VISIBLE_SCORE = -12;

export const PIN_GONE_MESSAGE = 'The price you picked is no longer on the page';

/** The place of a candidate that a pin keeps: stable across checks of the same page. */
export function locatorOf(candidate: PriceCandidate): string {
  if (candidate.source === 'visible') return candidate.locator ?? `visible ${candidate.where}`;
  return `${candidate.source} ${candidate.where}`;
}

/** The prices a check considered, one per place, the chosen one marked. */
export function consideredPrices(
  structured: readonly PriceCandidate[],
  visible: readonly PriceCandidate[],
  chosen: PriceCandidate | null,
): ConsideredPrice[] {
  const chosenAt = chosen ? locatorOf(chosen) : null;
  const seen = new Set<string>();
  const considered: ConsideredPrice[] = [];
  for (const candidate of [...structured, ...visible.filter((v) => v.score >= LOWEST_VISIBLE_SCORE)]) {
    const locator = locatorOf(candidate);
    if (seen.has(locator) || considered.length >= MAX_CONSIDERED) continue;
    seen.add(locator);
    considered.push({
      id: considered.length + 1,
      amount: candidate.amount,
      currency: candidate.currency,
      source: candidate.source === 'rdfa' ? 'microdata' : (candidate.source as ConsideredSource),
      context: candidate.snippet.slice(0, CONTEXT_CHARS),
      chosen: locator === chosenAt,
      locator,
    });
  }
  return considered;
}

/**
 * The decision a pin makes: the price now at the pinned place, trusted as a person's choice; or,
 * when the place holds no price any more, no price and a review.
 */
export function pinnedDecision(
  structured: readonly PriceCandidate[],
  visible: readonly PriceCandidate[],
  pin: { readonly locator: string },
): Decision {
  const found = [...structured, ...visible].find((c) => locatorOf(c) === pin.locator);
  if (!found) {
    return {
      basis: 'pin-gone',
      chosen: null,
      confidence: 0,
      support: [],
      agreeing: [],
      rejected: [],
      notes: [`${PIN_GONE_MESSAGE} (it was at ${pin.locator}).`],
    };
  }
  const chosen: PriceCandidate = { ...found, where: `picked by a person: ${found.where}` };
  const others = [...structured, ...visible].filter(
    (c) => c.score > 0 && canonicalAmount(c.amount) !== canonicalAmount(found.amount),
  );
  return {
    basis: 'pinned',
    chosen,
    confidence: PINNED_CONFIDENCE,
    support: [chosen],
    agreeing: [found.source],
    rejected: others.slice(0, 3),
    notes: [`A person picked the price at ${pin.locator}; it reads ${found.amount}.`],
  };
}

/** A person's pick read at its place: as sure as structured data the page shows. */
const PINNED_CONFIDENCE = 0.9;
