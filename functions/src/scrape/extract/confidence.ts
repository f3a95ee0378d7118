/**
 * Chooses one price among the candidates and scores it by the agreement of independent sources:
 * structured data confirmed by the visible page is trusted, a single heuristic is not, and
 * disagreement between sources lowers the score or makes us abstain. No source's own claim counts.
 */
import type { PageHints, PriceCandidate, SourceKind } from './candidate';
import { selectOffers } from './offer-match';
import { countryFromUrl } from './page-country';
import { canonicalAmount } from './price-parse';
import { vatRateBetween } from './vat-rates';
import { QUALIFIED_PENALTY } from './visible-score';

/** At or above this confidence the structured and heuristic tiers need no LLM. */
export const CONFIDENT = 0.6;

/**
 * What the price rests on: structured data (with or without the page), the buy box's sale price over
 * a struck 'was' price that structured data repeats, the buy box's price over a structured price net
 * of VAT, the visible page alone, a lone 'from' price; or nothing: structured prices that disagree
 * with none of them shown (a person decides), or no price to go on (abstained); or a person's pin:
 * the price at the place they picked, or that place gone (price-candidates.ts).
 */
export const DECISION_BASES = [
  'structured',
  'sale',
  'with-vat',
  'visible',
  'from-price',
  'conflict',
  'pinned',
  'pin-gone',
  'abstained',
] as const;
export type DecisionBasis = (typeof DECISION_BASES)[number];

export interface Decision {
  /** What the price rests on, for the analysis and the extraction benchmark's counts. */
  readonly basis: DecisionBasis;
  /** The chosen candidate (its amount and currency), or null when we abstain. */
  readonly chosen: PriceCandidate | null;
  readonly confidence: number;
  /** Candidates that support the chosen amount, one per place found. */
  readonly support: readonly PriceCandidate[];
  /** Distinct source kinds that agree on the chosen amount. */
  readonly agreeing: readonly SourceKind[];
  /** Other amounts that structured data or the top visible candidates proposed. */
  readonly rejected: readonly PriceCandidate[];
  /** One line per reasoning step, for the analysis. */
  readonly notes: readonly string[];
}

export interface DecisionInput {
  readonly structured: readonly PriceCandidate[];
  /** Visible candidates, best first. */
  readonly visible: readonly PriceCandidate[];
  /** Amounts the page shows as a payable price (canonical form); crossed-out and other products' excluded. */
  readonly shownAmounts: ReadonlySet<string>;
  readonly pageUrl: string;
  readonly hints: PageHints;
}

const VISIBLE_MIN_SCORE = 4;
const VISIBLE_MIN_MARGIN = 1.5;
/** A lone 'from' price is the low end of a range: worth reporting, not worth trusting. */
const FROM_PRICE_CONFIDENCE = 0.3;
/** A visible price this prominent contradicts a structured price the page never shows. */
const VISIBLE_CONTRADICTS_SCORE = 3;
/** The buy box's price where structured data gives the struck 'was' price or the price net of VAT. */
const EXPLAINED_VISIBLE_CONFIDENCE = 0.75;

/** Picks the price and its confidence; see the module comment for the rules. */
export function decide(input: DecisionInput): Decision {
  const notes: string[] = [];
  const structured = selectOffers(input.structured, input.pageUrl, input.hints, notes);
  const exact = structured.filter((c) => c.kind === 'offer');
  const pool = exact.length > 0 ? exact : structured;
  const topVisible = input.visible[0];
  const topVisibleKey = topVisible && topVisible.score >= VISIBLE_MIN_SCORE ? key(topVisible) : null;

  if (pool.length > 0) {
    const groups = groupByAmount(pool);
    const ranked = [...groups.entries()]
      .map(([amount, members]) => ({
        amount,
        members,
        kinds: new Set(members.map((m) => m.source)),
        shown: input.shownAmounts.has(amount),
        top: amount === topVisibleKey,
      }))
      .sort(
        (a, b) =>
          Number(b.top) - Number(a.top) ||
          Number(b.shown) - Number(a.shown) ||
          b.kinds.size - a.kinds.size ||
          input.structured.indexOf(a.members[0] as PriceCandidate) -
            input.structured.indexOf(b.members[0] as PriceCandidate),
      );
    const explained = topVisible && topVisibleKey ? explainedVisible(groups, topVisible, input) : null;
    if (explained && topVisible) {
      notes.push(...explained.notes);
      // The evidence says why the page's price beat the structured one.
      const chosen = { ...topVisible, where: `${topVisible.where} (${explained.why})` };
      const copies = input.visible.filter((v) => v !== topVisible && key(v) === topVisibleKey && v.score > 0);
      return {
        basis: explained.basis,
        chosen,
        confidence: EXPLAINED_VISIBLE_CONFIDENCE,
        support: [chosen, ...copies.slice(0, 2)],
        agreeing: ['visible'],
        rejected: [...groups.values()].flatMap((members) => members.slice(0, 1)),
        notes,
      };
    }
    const best = ranked[0];
    if (best) {
      const others = ranked.slice(1);
      const contested =
        others.some((o) => o.shown || o.kinds.size >= best.kinds.size) && !best.top && !best.shown;
      if (contested) {
        notes.push(
          `Structured data disagrees (${ranked.map((r) => r.amount).join(' vs ')}) and the page does not settle it: abstaining.`,
        );
        // Each price in the evidence, for the person who decides.
        const each = ranked.flatMap((r) => r.members.slice(0, 1));
        return { ...abstain(notes, each), basis: 'conflict', support: each };
      }
      // A visible price that is another offer of the same data (a variant) explains itself; one
      // that structured data does not know at all contradicts it.
      const known = new Set(input.structured.map(key));
      const contradicted =
        topVisible && topVisible.score >= VISIBLE_CONTRADICTS_SCORE && !known.has(key(topVisible));
      if (!best.shown && !best.top && contradicted) {
        notes.push(
          `The structured price ${best.amount} is not shown on the page, which shows ${topVisible.amount} instead: abstaining.`,
        );
        return abstain(notes, [...pool, ...(topVisible ? [topVisible] : [])]);
      }
      const agreeing = new Set<SourceKind>(best.kinds);
      if (best.shown || best.top) agreeing.add('visible');
      let confidence = best.members[0]?.kind === 'range-low' ? 0.45 : 0.6;
      if (best.kinds.size > 1) confidence += 0.1;
      if (best.top) confidence += 0.3;
      else if (best.shown) confidence += 0.2;
      if (others.length > 0) {
        // Another offer shown on the page too (a variant list) leaves real doubt which one applies.
        confidence -= others.some((o) => o.shown) && !best.top ? 0.2 : 0.1;
        notes.push(
          `Structured data also names ${others.map((o) => o.amount).join(', ')}; the page supports ${best.amount}.`,
        );
      }
      if (!best.shown && !best.top)
        notes.push(`The structured price ${best.amount} is not shown as a price in the page text.`);
      if (topVisibleKey && !best.top && topVisible) {
        confidence -= 0.1;
        notes.push(
          `The most prominent visible price (${topVisible.amount}) differs from the structured price.`,
        );
      }
      const support = [
        ...best.members,
        ...input.visible.filter((v) => key(v) === best.amount && v.score > 0).slice(0, 2),
      ];
      return {
        basis: 'structured',
        chosen: withCurrency(preferWithCurrency(best.members), support),
        confidence: clamp(confidence),
        support,
        agreeing: [...agreeing],
        rejected: others.flatMap((o) => o.members.slice(0, 1)),
        notes,
      };
    }
  }

  // No structured price: only the visible heuristics remain, trusted little and only with a clear lead.
  if (!topVisible || topVisible.score < VISIBLE_MIN_SCORE) {
    const from = loneFromPrice(input.visible);
    if (from) {
      notes.push(
        `No structured price; the only price near the product is a 'from' price (${from.amount}), reported as the low end of its range.`,
      );
      return {
        basis: 'from-price',
        chosen: from,
        confidence: FROM_PRICE_CONFIDENCE,
        support: [from],
        agreeing: ['visible'],
        rejected: [],
        notes,
      };
    }
    notes.push('No structured price and no visible price stands out near the product.');
    return abstain(notes, input.visible.slice(0, 3));
  }
  const runnerUp = input.visible.find((v) => key(v) !== key(topVisible));
  const margin = runnerUp ? topVisible.score - runnerUp.score : Number.POSITIVE_INFINITY;
  if (margin < VISIBLE_MIN_MARGIN) {
    notes.push(
      `Visible prices compete (${topVisible.amount} vs ${runnerUp?.amount}) without structured data to settle it: abstaining.`,
    );
    return abstain(notes, input.visible.slice(0, 3));
  }
  const repeats = input.visible.filter((v) => key(v) === key(topVisible) && v.score > 0);
  notes.push(
    'Only the visible page gives a price; it is the strongest candidate in the buy box (by the product title or the buy button).',
  );
  const from = topVisible.kind === 'range-low';
  if (from)
    notes.push(`It is a 'from' price (${topVisible.amount}), the low end of a range: trusted little.`);
  return {
    basis: 'visible',
    chosen: topVisible,
    confidence: from
      ? FROM_PRICE_CONFIDENCE
      : clamp(0.35 + Math.min(0.15, (margin === Number.POSITIVE_INFINITY ? 3 : margin) * 0.03)),
    support: repeats.slice(0, 3),
    agreeing: ['visible'],
    rejected: runnerUp ? [runnerUp] : [],
    notes,
  };
}

/**
 * The buy box's price wins over structured data that names no price of it when every structured
 * amount is explained by the page: the 'was' price struck through beside it (a sale whose structured
 * data kept the old price), or the price net of a VAT rate of the page's country. Null otherwise,
 * and when the buy box's price does not clearly lead the other visible prices.
 */
function explainedVisible(
  groups: ReadonlyMap<string, readonly PriceCandidate[]>,
  top: PriceCandidate,
  input: DecisionInput,
): { basis: 'sale' | 'with-vat'; why: string; notes: string[] } | null {
  const topKey = key(top);
  if (top.reference || top.kind !== 'offer' || groups.has(topKey)) return null;
  const runnerUp = input.visible.find((v) => key(v) !== topKey && !v.reference);
  if (runnerUp && top.score - runnerUp.score < VISIBLE_MIN_MARGIN) return null;
  const country = countryFromUrl(input.pageUrl);
  const notes: string[] = [];
  for (const amount of groups.keys()) {
    const rate = vatRateBetween(amount, top.amount, country);
    if (amount === top.replaces) {
      notes.push(
        `The structured price ${amount} is the 'was' price the page shows struck through beside ${top.amount}: the sale price ${top.amount} is the offer.`,
      );
    } else if (rate !== null) {
      notes.push(
        `The structured price ${amount} is ${top.amount} net of ${rate} % VAT; the page shows ${top.amount}, the price with VAT.`,
      );
    } else {
      return null;
    }
  }
  return top.replaces && groups.has(top.replaces)
    ? {
        basis: 'sale',
        why: `the sale price; structured data gives the struck-through ${top.replaces}`,
        notes,
      }
    : { basis: 'with-vat', why: 'the price with VAT; structured data gives it net', notes };
}

/**
 * A 'from' price that would stand out near the product were it not qualified, with a clear lead over
 * every other amount on the same terms: the page's only statement of what the product costs.
 */
function loneFromPrice(visible: readonly PriceCandidate[]): PriceCandidate | null {
  const ranked = visible
    .map((v) => ({ v, score: v.kind === 'range-low' ? v.score + QUALIFIED_PENALTY : v.score }))
    .sort((a, b) => b.score - a.score);
  const top = ranked[0];
  if (top?.v.kind !== 'range-low' || top.score < VISIBLE_MIN_SCORE) return null;
  const runnerUp = ranked.find((r) => key(r.v) !== key(top.v));
  return !runnerUp || top.score - runnerUp.score >= VISIBLE_MIN_MARGIN ? top.v : null;
}

function groupByAmount(candidates: readonly PriceCandidate[]): Map<string, PriceCandidate[]> {
  const groups = new Map<string, PriceCandidate[]>();
  for (const c of candidates) {
    const list = groups.get(key(c)) ?? [];
    list.push(c);
    groups.set(key(c), list);
  }
  return groups;
}

function preferWithCurrency(members: readonly PriceCandidate[]): PriceCandidate | null {
  return members.find((m) => m.currency) ?? members[0] ?? null;
}

/** Structured data without priceCurrency takes the currency the page shows next to the same amount. */
function withCurrency(
  chosen: PriceCandidate | null,
  support: readonly PriceCandidate[],
): PriceCandidate | null {
  if (!chosen || chosen.currency) return chosen;
  const currency = support.find((c) => c.currency)?.currency ?? null;
  return currency ? { ...chosen, currency } : chosen;
}

function abstain(notes: string[], rejected: readonly PriceCandidate[]): Decision {
  return { basis: 'abstained', chosen: null, confidence: 0, support: [], agreeing: [], rejected, notes };
}

function key(c: PriceCandidate): string {
  return canonicalAmount(c.amount);
}

function clamp(x: number): number {
  return Math.round(Math.min(0.98, Math.max(0, x)) * 100) / 100;
}
