/**
 * Ranks the prices found on the visible page by where they sit (near the title, in a price-named
 * element, in the buy box) and what qualifies them (crossed out, 'was', RRP, per unit, per month,
 * shipping thresholds and other products' prices count against them). The score is only an
 * ordering; the pipeline decides how far to trust the top one (confidence.ts).
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';
import { buyControls } from './buy-controls';
import { type PriceCandidate, snippetOf } from './candidate';
import { ancestors } from './dom-walk';
import {
  describeElement,
  elementLocator,
  isCrossedOut,
  labelBefore,
  namesOf,
  neighbourhood,
  struckClassNames,
  tokensOf,
  wordsOf,
} from './page-text';
import { findTitleElement } from './page-title';
import { canonicalAmount } from './price-parse';
import {
  CURRENT_NAME,
  FROM_AFTER,
  FROM_BEFORE,
  NEW_WORDS,
  OTHER_PRICE_PARTS,
  OTHER_PRICE_WORDS,
  OTHER_REGION_WORDS,
  PRICE_LABEL,
  PRICE_NAME,
  QUALIFIER_AFTER,
  QUALIFIER_BEFORE,
  REFERENCE_LABEL,
  REFERENCE_PRICE_WORDS,
  SALE_REFERENCE_PARTS,
  SALE_REFERENCE_WORDS,
  THRESHOLD_WORDS,
  USED_WORDS,
} from './price-words';
import { largeType } from './prominence';
import { repeatedItems } from './repeated-items';

/** A price printed with its currency is surer money than a bare number in a price-named element. */
const SHOWS_CURRENCY = 1;
/** The element itself is named as a price ('price', 'preis'). */
const PRICE_NAMED = 2;
/** A price name that also says current ('sale-price', 'price-now'). */
const CURRENT_PRICE_NAMED = 1;
/** A price-named container close above counts less the further up it is: 1, 1/2, 1/3, 1/4. */
const PRICE_NAMED_ANCESTOR = 1;
const PRICE_NAMED_ANCESTOR_LEVELS = 4;
/** Sharing a small container with the product title is the buy-box signal, the strongest bonus. */
const NEAR_TITLE = 4;
/** The shared container's every level above the title's own costs half a point: nothing from 8 levels up. */
const NEAR_TITLE_FADE = 0.5;
/** Sharing a small container with the buy button: the buy box even where no title is near. */
const NEAR_BUY_CONTROL = 3;
/** Each level of the shared container above the nearer of the two costs half a point. */
const NEAR_BUY_CONTROL_FADE = 0.5;
const NEAR_BUY_CONTROL_LEVELS = 6;
/** Large type is set on purpose but read from inline styles only (prominence.ts): a weak signal. */
const LARGE_TYPE = 1.5;
/** A label announces it ('Price:', 'Now'). */
const PRICE_LABELLED = 1;
/** One of a list of look-alike items (carousel, comparison table) prices another product or option. */
const REPEATED_ITEM_PENALTY = 3;
/** Named as a price the shopper does not pay now ('old-price', 'unit-price'); a lone regular price gets it back. */
const OTHER_PRICE_NAME_PENALTY = 4;
/** A container up to three levels above is named as such a price ('old-price' around the digits). */
const OTHER_PRICE_PARENT_PENALTY = 3;
const OTHER_PRICE_PARENT_LEVELS = 3;
/** In a region of other products, navigation or the cart, and again for being such an element (a button). */
const OTHER_REGION_PENALTY = 3;
/** Struck through is a 'was' price: the heaviest penalty. */
const CROSSED_OUT_PENALTY = 8;
/** The penalty of a qualified price; the pipeline adds it back to judge a lone 'from' price. */
export const QUALIFIED_PENALTY = 3;
/** A percent sign in the price's own text makes it a saving or a rate. */
const PERCENTAGE_PENALTY = 3;
/** The same amount shown again (sticky bar, mobile copy) is one price seen more: half a point a copy, two at most. */
const SEEN_AGAIN = 0.5;
const SEEN_AGAIN_MAX = 2;
/** How far above a regular-price element its price container reaches (isLoneReference). */
const REFERENCE_CONTAINER_LEVELS = 3;
/** A sale price and the 'was' price it replaced sit in one small container: at most this many levels up. */
const SALE_PAIR_LEVELS = 4;
/** Reasons named in the evidence: enough to say why a price ranked low. */
const REASONS_SHOWN = 3;

/** Elements that are regions other than the buy box, or controls rather than a shown price. */
const OTHER_REGION_TAGS = new Set(['header', 'footer', 'nav', 'aside', 'button', 'label']);

/** A short element whose text reads as one price. */
export interface Found {
  readonly el: Element;
  readonly text: string;
  readonly amount: string;
  readonly currency: string | null;
}

/** Price candidates from the found prices, best first. */
export function rankPrices($: CheerioAPI, found: readonly Found[]): PriceCandidate[] {
  const title = findTitle($);
  const repeated = repeatedItems(found);
  const struckClasses = struckClassNames($);
  const buyBox = buyBoxContainers($);
  const scored = found.map((f) => score(f, title, repeated.has(f), struckClasses, buyBox));
  const candidates = withReplacedPrices(
    scored.map((s) => (isLoneReference(s, scored) ? relieve(s) : s.candidate)),
    scored.map((s) => s.found.el),
  );
  const seen = new Map<string, number>();
  for (const c of candidates) if (c.score > 0) seen.set(c.amount, (seen.get(c.amount) ?? 0) + 1);
  return candidates
    .map((c) => ({
      ...c,
      score: c.score + Math.min(SEEN_AGAIN_MAX, (seen.get(c.amount) ?? 1) - 1) * SEEN_AGAIN,
    }))
    .sort((a, b) => b.score - a.score);
}

interface Title {
  readonly el: Element | null;
  readonly ancestors: Set<Element>;
}

function findTitle($: CheerioAPI): Title {
  const el = findTitleElement($);
  return { el, ancestors: new Set(el ? ancestors(el) : []) };
}

interface Scored {
  readonly found: Found;
  readonly candidate: PriceCandidate;
  /** What counted against the price (empty when nothing did). */
  readonly reasons: readonly string[];
}

function score(
  found: Found,
  title: Title,
  repeated: boolean,
  struckClasses: ReadonlySet<string>,
  buyBox: ReadonlyMap<Element, number>,
): Scored {
  const { el } = found;
  let score = found.currency ? SHOWS_CURRENCY : 0;
  const reasons: string[] = [];
  if (repeated) {
    score -= REPEATED_ITEM_PENALTY;
    reasons.push('one of a list of items');
  }
  const own = tokensOf(el);
  if (own.some((t) => PRICE_NAME.test(t))) score += PRICE_NAMED;
  if (own.some((t) => PRICE_NAME.test(t) && CURRENT_NAME.test(t))) score += CURRENT_PRICE_NAMED;
  if (isOtherPriceName(el)) {
    score -= OTHER_PRICE_NAME_PENALTY;
    reasons.push('other-price-name');
  }
  // Ancestors close by qualify the price; any ancestor can mark a region that is not the buy box.
  let depth = 0;
  let titleDistance = -1;
  let otherPriceParent = false;
  let otherRegion = false;
  for (const parent of ancestors(el)) {
    const tag = parent.tagName.toLowerCase();
    if (tag === 'body' || tag === 'html') break;
    const tokens = tokensOf(parent);
    if (depth < PRICE_NAMED_ANCESTOR_LEVELS && tokens.some((t) => PRICE_NAME.test(t))) {
      score += PRICE_NAMED_ANCESTOR / (depth + 1);
    }
    const words = wordsOf(parent);
    if (depth < OTHER_PRICE_PARENT_LEVELS && isOtherPriceName(parent)) otherPriceParent = true;
    // A <header> holding the product title is the product's own header, not the site's.
    const regionTag = OTHER_REGION_TAGS.has(tag) && !(tag === 'header' && title.ancestors.has(parent));
    const regionWord = OTHER_REGION_WORDS.exec(words)?.[0];
    if (regionTag || regionWord) {
      otherRegion = true;
      reasons.push(`in ${tag}${regionWord ? ` "${regionWord}"` : ''}`);
    }
    if (titleDistance < 0 && title.ancestors.has(parent)) titleDistance = depth;
    depth++;
  }
  if (otherPriceParent) {
    score -= OTHER_PRICE_PARENT_PENALTY;
    reasons.push('other-price-parent');
  }
  if (otherRegion) score -= OTHER_REGION_PENALTY;
  if (OTHER_REGION_TAGS.has(el.tagName.toLowerCase())) {
    score -= OTHER_REGION_PENALTY;
    reasons.push(`is ${el.tagName.toLowerCase()}`);
  }
  const crossedOut = isCrossedOut(el, struckClasses);
  if (crossedOut) {
    score -= CROSSED_OUT_PENALTY;
    reasons.unshift('crossed out');
  }
  if (titleDistance >= 0) score += Math.max(0, NEAR_TITLE - titleDistance * NEAR_TITLE_FADE);
  // A list item's own buy button makes it no buy box: the repeated penalty speaks for it.
  const cartDistance = repeated ? null : distanceToBuyControl(el, buyBox);
  if (cartDistance !== null) score += Math.max(0, NEAR_BUY_CONTROL - cartDistance * NEAR_BUY_CONTROL_FADE);
  if (largeType(el)) score += LARGE_TYPE;
  const { before, after, line } = neighbourhood(el, found.text);
  const label = before.trim() ? before : labelBefore(el);
  if (PRICE_LABEL.test(label)) score += PRICE_LABELLED;
  const qualifiedBefore = QUALIFIER_BEFORE.test(label);
  const qualifiedAfter = QUALIFIER_AFTER.test(after);
  // Only a 'from' qualifier and no other one (was, shipping, per month) makes the low end of a range.
  const from =
    (qualifiedBefore || qualifiedAfter) &&
    (FROM_BEFORE.test(label) || !qualifiedBefore) &&
    (FROM_AFTER.test(after) || !qualifiedAfter) &&
    !(USED_WORDS.test(label) && !NEW_WORDS.test(label)) &&
    !THRESHOLD_WORDS.test(label);
  if (qualifiedBefore || qualifiedAfter) {
    score -= QUALIFIED_PENALTY;
    reasons.push(from ? "qualified 'from'" : 'qualified');
  }
  if (/%/.test(found.text)) {
    score -= PERCENTAGE_PENALTY;
    reasons.push('percentage');
  }
  const candidate: PriceCandidate = {
    source: 'visible',
    amount: found.amount,
    currency: found.currency,
    stock: 'unknown',
    ids: [],
    urls: [],
    kind: from ? 'range-low' : 'offer',
    score,
    reference:
      crossedOut ||
      REFERENCE_LABEL.test(label) ||
      [el, ...ancestors(el, OTHER_PRICE_PARENT_LEVELS)].some(isReferenceName),
    locator: elementLocator(el, label),
    where: `visible ${describeElement(el)}${reasons.length ? ` (${reasons.slice(0, REASONS_SHOWN).join(', ')})` : ''}`,
    snippet: snippetOf(line || found.text),
  };
  return { found, candidate, reasons };
}

/**
 * Shop software names the regular price 'regular-price' or even 'old-price' also when no sale
 * replaces it. Such a name marks a 'was' price only when a current price stands next to it: a price
 * container holding no other unqualified price shows the price itself.
 */
function isLoneReference(s: Scored, all: readonly Scored[]): boolean {
  const { el } = s.found;
  if (s.reasons.join() !== 'other-price-name' || !REFERENCE_PRICE_WORDS.test(wordsOf(el))) return false;
  const container = [...ancestors(el, REFERENCE_CONTAINER_LEVELS)].at(-1) ?? el;
  return !all.some((o) => o !== s && o.reasons.length === 0 && contains(container, o.found.el));
}

/** The candidate without the penalty its reference-price name gave it: it is the price, not a 'was'. */
function relieve(s: Scored): PriceCandidate {
  return {
    ...s.candidate,
    reference: false,
    score: s.candidate.score + OTHER_PRICE_NAME_PENALTY,
    where: `${s.candidate.where.replace(/ \(other-price-name\)$/, '')} (regular-price name, no other price next to it)`,
  };
}

function contains(ancestor: Element, node: Element): boolean {
  if (node === ancestor) return true;
  for (const p of ancestors(node)) if (p === ancestor) return true;
  return false;
}

/**
 * The containers close above the page's buy controls, each with its level above the nearest one;
 * controls in regions of other products, navigation or the cart are not the product's.
 */
function buyBoxContainers($: CheerioAPI): Map<Element, number> {
  const containers = new Map<Element, number>();
  for (const { el } of buyControls($)) {
    const above = [...ancestors(el)];
    const otherRegion = above.some((a) => {
      const tag = a.tagName.toLowerCase();
      return tag === 'nav' || tag === 'aside' || tag === 'footer' || OTHER_REGION_WORDS.test(wordsOf(a));
    });
    if (otherRegion) continue;
    above.slice(0, NEAR_BUY_CONTROL_LEVELS).forEach((container, level) => {
      const tag = container.tagName.toLowerCase();
      if (tag === 'body' || tag === 'html') return;
      containers.set(container, Math.min(level, containers.get(container) ?? level));
    });
  }
  return containers;
}

/** Levels up from a price to a container it shares with a buy control (the farther of the two), or null. */
function distanceToBuyControl(el: Element, buyBox: ReadonlyMap<Element, number>): number | null {
  if (buyBox.size === 0) return null;
  let level = 0;
  // The price's own element may be the container ('£24.99 <button>Add</button>' in one box).
  for (const container of [el, ...ancestors(el, NEAR_BUY_CONTROL_LEVELS - 1)]) {
    const controlLevel = buyBox.get(container);
    if (controlLevel !== undefined) return Math.max(level, controlLevel);
    level++;
  }
  return null;
}

/**
 * Marks each price that a higher reference price stands beside (in one small container, same
 * currency): the sale price, and the 'was' price it replaced.
 */
function withReplacedPrices(candidates: PriceCandidate[], elements: readonly Element[]): PriceCandidate[] {
  const references = candidates.flatMap((c, i) =>
    c.reference ? [{ c, around: [...ancestors(elements[i] as Element, SALE_PAIR_LEVELS)] }] : [],
  );
  if (references.length === 0) return candidates;
  return candidates.map((c, i) => {
    if (c.reference) return c;
    const nearby = new Set(ancestors(elements[i] as Element, SALE_PAIR_LEVELS));
    const replaced = references.find(
      (r) =>
        Number(r.c.amount) > Number(c.amount) &&
        (r.c.currency === c.currency || !r.c.currency || !c.currency) &&
        r.around.some((a) => nearby.has(a)),
    );
    return replaced ? { ...c, replaces: canonicalAmount(replaced.c.amount) } : c;
  });
}

/** A name of the price a sale replaced ('old-price', 'was-price', 'price--compare', 'streichpreis'). */
function isReferenceName(el: Element): boolean {
  return SALE_REFERENCE_WORDS.test(wordsOf(el)) || SALE_REFERENCE_PARTS.test(namesOf(el));
}

/** Class / id names of a reference, unit, shipping or other non-payable price ('old-price', 'fshippingCost'). */
function isOtherPriceName(el: Element): boolean {
  return OTHER_PRICE_WORDS.test(wordsOf(el)) || OTHER_PRICE_PARTS.test(namesOf(el));
}
