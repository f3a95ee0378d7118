/**
 * Visible-page heuristics for pages without usable structured data: finds short elements whose text
 * reads as a price and ranks them by where they sit (near the title, in a price-named element, in
 * the buy box) and what qualifies them (crossed out, 'was', RRP, per unit, per month, shipping
 * thresholds and other products' prices count against them).
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { type PriceCandidate, snippetOf } from './candidate';
import { findTitleElement } from './page-title';
import { type ParseOptions, parsePrice } from './price-parse';
import { largeType } from './prominence';
import { repeatedItems } from './repeated-items';

/** Elements whose content is never shown as page text. */
const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'head',
  'select',
  'option',
]);
const MAX_PRICE_TEXT = 48;
const MAX_LABEL_LETTERS = 16;
const PRICE_NAME =
  /price|preis|prix|prezzo|precio|preco|preço|cena|cijena|hinta|pris|prijs|fiyat|amount|cost|kaina|hind/i;
const CURRENT_NAME =
  /sale|current|final|now|special|deal|our|offer|actual|selling|promo|buy|main|big|large|primary/i;
/** Words in class / id names of a price that is not what the shopper pays for this product now. */
const OTHER_PRICE_WORDS =
  /\b(?:old|was|strike\w*|crossed|through|regular|list ?price|original|orig|before|compare\w*|rrp|msrp|uvp|retail|reference|prev\w*|saving\w*|save|discount\w*|percent\w*|instal\w*|monthly|month|finance|financing|credit|klarna|unit ?price|per ?unit|base ?price|grundpreis|shipping|delivery|postage|threshold|points|reward\w*|coupon\w*|subtotal|minicart|basket|bundle|addon|accessor\w*|warranty|protection)\b/;
/** The subset of those words that name the regular price a sale replaced. */
const REFERENCE_PRICE_WORDS = /\b(?:old|was|regular|original|orig|before|prev\w*)\b/;
const OTHER_PRICE_NAME_PENALTY = 4;
/** Distinctive parts of names that mark a non-payable price even inside a compound ('fshippingCost'). */
const OTHER_PRICE_PARTS =
  /shipping|postage|strikethrough|crossed|instal+ment|msrp|listprice|oldprice|wasprice|regularprice/i;
/** Words in class / id names of regions holding other products, navigation or the cart. */
const OTHER_REGION_WORDS =
  /\b(?:related|recommend\w*|comparison|compare|similar|carousel|upsell|crosssell|cross ?sell|also|recent\w*|sponsor\w*|advert\w*|ads?|footer|nav|navigation|navbar|menu|breadcrumbs?|reviews?|rating|minicart|mini ?cart|popup|modal|newsletter|banner|slider|swiper\w*|other|listing|tile)\b/;
const OTHER_REGION_TAGS = new Set(['header', 'footer', 'nav', 'aside', 'button', 'label']);
/** Words just before a price that make it a reference, 'from', saving, threshold or instalment price. */
const QUALIFIER_BEFORE =
  /(?:^|[^\p{L}])(?:was|were|rrp|msrp|uvp|statt|vorher|avant|au lieu de|prima|invece di|antes|era|voor|przed|dříve|list price|regular|normal|used|occasions?|gebraucht|usato|usados?|gebruikt|normale|normalpreis|save|you save|saving|ahorra|économisez|sparen|risparmi|from|ab|à partir de|a partir de|desde|vanaf|od|each|monthly|mensual|par mois|pro monat|al mese|financ\p{L}*|instal\p{L}*|rate|shipping|delivery|versand|livraison|spedizione|envío|envio|porto|over|above|über|dès|sopra|más de|minimum|min\.|spend|orders?|bestellwert|free|gratis|gratuit|kostenlos|deposit|coupon|voucher|points?|approx\.?|approximately|circa|ca\.|environ|etwa|ungefähr|aprox\.?|aproximadamente|brez ddv|bez dph|bez dph-u|ohne mwst\.?|exkl\.? mwst\.?|excl\.? vat|ex\.? vat|hors taxes?|sin iva|senza iva|netto|建議售價|原價|定價|市價|參考價|参考价|原价|折價券\p{L}*|優惠券|优惠券|滿|满|每期|分期|정가|\+)\s*(?:\(\d+\))?\s*[:：]?\s*(?:[$£€¥₹₩₽]|[A-Z]{3}|US\$|kč|zł|lei|kr\.?|Rs\.?)?\s*$/iu;
/** Words just after a price that make it a unit, instalment, minimum, 'from' or saving amount. */
const QUALIFIER_AFTER =
  /^\s*(?:[$£€¥₹₩₽元円원]|[A-Z]{3}\b|kč|zł|lei|kr\.?|,-|\.-|\s)*\s*(?:起|以上|~|～|up\b|or more|o più|ou plus|oder mehr|o más|of meer|lub więcej|\/|per\b|pro\b|par\b|al\b|each|x\b|×|a month|monthly|months?|mois|monat|mese|mes\b|p&p|off\b|rabatt|de réduction|sconto|descuento|korting|taxes? en sus|\(?including|\(?incl\. (?:postage|shipping))/iu;
/** The subset of qualifiers that make a price the low end of the product's own range ('from £9', '30,000원~'). */
const FROM_BEFORE =
  /(?:^|[^\p{L}])(?:from|ab|à partir de|a partir de|desde|vanaf|od)\s*(?:\(\d+\))?\s*[:：]?\s*(?:[$£€¥₹₩₽]|[A-Z]{3}|US\$|kč|zł|lei|kr\.?|Rs\.?)?\s*$/iu;
const FROM_AFTER =
  /^\s*(?:[$£€¥₹₩₽元円원]|[A-Z]{3}\b|kč|zł|lei|kr\.?|,-|\.-|\s)*\s*(?:起|~|～|up\b|and up|or more|o più|ou plus|oder mehr|o más|of meer|lub więcej)/iu;
/** Offers of used copies only ('Used from £40') are not the product's price; 'New & used from' may be. */
const USED_WORDS = /used|gebraucht|usato|usados?|gebruikt|occasions?/iu;
const NEW_WORDS = /(?:^|[^\p{L}])(?:new|neu|nuevo|nuovo|neuf|nieuw|nowy)(?:[^\p{L}]|$)/iu;
/** A spending threshold anywhere in the label ('spend £50 or more', '消費滿額享$590起') is no 'from' price. */
const THRESHOLD_WORDS = /滿|满|spend|bestellwert|minimum|orders? (?:over|above|from)/iu;
/** The penalty of a qualified price; the pipeline adds it back to judge a lone 'from' price. */
export const QUALIFIED_PENALTY = 3;

/** A label announcing the price ('Price:', 'Preis', 'Our price', 'Now'). */
const PRICE_LABEL =
  /(?:price|preis|prix|prezzo|precio|preço|cena|hinta|pris|prijs|fiyat|now|jetzt|maintenant|ora|ahora|nu|teraz|our price|sale price|deal price|特價|特价|售價|售价|價格|价格|価格|가격|판매가|할인가)\s*[:：]?\s*$/i;

interface Found {
  readonly el: Element;
  readonly text: string;
  readonly amount: string;
  readonly currency: string | null;
}

/**
 * Price candidates read from the visible page, best first. The score is only an ordering; the
 * pipeline decides how far to trust the top one.
 */
export function extractVisiblePrices($: CheerioAPI, parse: ParseOptions): PriceCandidate[] {
  const root = $.root().get(0);
  if (!root) return [];
  const found: Found[] = [];
  collect(root as unknown as AnyNode, found, parse);
  const title = findTitle($);
  const repeated = repeatedItems(found);
  const scored = found.map((f) => score(f, title, repeated.has(f)));
  const candidates = scored.map((s) => (isLoneReference(s, scored) ? relieve(s) : s.candidate));
  // The same price shown several times in the buy box (sticky bar, mobile copy) is one price, seen more.
  const seen = new Map<string, number>();
  for (const c of candidates) if (c.score > 0) seen.set(c.amount, (seen.get(c.amount) ?? 0) + 1);
  return candidates
    .map((c) => ({ ...c, score: c.score + Math.min(2, (seen.get(c.amount) ?? 1) - 1) * 0.5 }))
    .sort((a, b) => b.score - a.score);
}

/**
 * Walks the tree once, recording each short element whose text parses as one price (the outermost
 * element wins). Returns the element's text, or null once it is too long to be a price.
 */
function collect(node: AnyNode, out: Found[], parse: ParseOptions): string | null {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (node.type !== 'tag' && node.type !== 'root') return '';
  const el = node as Element;
  if (node.type === 'tag' && SKIPPED_TAGS.has(el.tagName.toLowerCase())) return '';
  const before = out.length;
  let text: string | null = '';
  let previous = '';
  for (const child of el.children) {
    let part = collect(child as AnyNode, out, parse);
    if (part === null || text === null) {
      text = null;
      continue;
    }
    // '$87<sup>11</sup>' shows 87.11; read the raised cents as decimals.
    if (
      child.type === 'tag' &&
      (child as Element).tagName === 'sup' &&
      /^\d{2}$/.test(part.trim()) &&
      /\d$/.test(previous)
    ) {
      part = `.${part.trim()}`;
    }
    // Digits of two elements that touch ('$200' + '2 bids') are two numbers, not one.
    if (child.type === 'tag' && /\d$/.test(text) && /^\d/.test(part)) text += ' ';
    text += part;
    if (part.trim()) previous = part.trim();
    if (text.length > MAX_PRICE_TEXT) {
      text = text.replace(/\s+/g, ' ');
      if (text.length > MAX_PRICE_TEXT + 2) text = null;
    }
  }
  if (node.type !== 'tag' || text === null) return text;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length === 0 || flat.length > MAX_PRICE_TEXT || !/\d/.test(flat)) return text;
  // A label ('Price:', 'Was') may come along; a title or sentence means the price sits deeper.
  if ((flat.match(/\p{L}/gu)?.length ?? 0) > MAX_LABEL_LETTERS) return text;
  const shown = withAdjacentCurrency(el, flat);
  const parsed = parsePrice(shown, parse) ?? parseDoubled(shown, parse);
  if (!parsed || !looksLikePrice(shown, parsed.currency, el)) return text;
  // A wrapper with exactly the same text adds nothing: keep the inner element, it is more precise.
  if (out.slice(before).some((f) => f.text === shown)) return text;
  // Otherwise the element holds one price made of its pieces ('£' + '12' + '.99'): it replaces them.
  out.splice(before);
  out.push({ el, text: shown, amount: parsed.amount, currency: parsed.currency });
  return text;
}

/**
 * A bare number whose currency sits in the text right next to its element ('<b>2320</b> 元',
 * '$<span>12</span>') reads with that currency.
 */
function withAdjacentCurrency(el: Element, text: string): string {
  if (!/^\d[\d.,\s]*$/.test(text)) return text;
  const textOf = (node: AnyNode | null) => (node ? visibleText(node, 12).replace(/\s+/g, ' ') : '');
  const after = /^\s?([$£€¥₹₩₽]|[A-Z]{3}\b|kč|zł|lei|kr\.?|元|円|원|,-)/i.exec(
    textOf(el.next as AnyNode | null),
  )?.[1];
  if (after) return `${text} ${after}`;
  const before = /([$£€¥₹₩₽]|[A-Z]{3}|US\$|NT\$|R\$|kr|Rs\.?)\s?$/.exec(
    textOf(el.prev as AnyNode | null),
  )?.[1];
  return before ? `${before}${text}` : text;
}

/**
 * Accessible copies often repeat the price ('$87.11' hidden for screen readers next to the shown
 * '$87.11'); read the doubled text once.
 */
function parseDoubled(text: string, parse: ParseOptions) {
  const compact = text.replace(/\s+/g, '');
  const half = compact.length / 2;
  if (compact.length % 2 !== 0 || compact.slice(0, half) !== compact.slice(half)) return null;
  return parsePrice(compact.slice(0, half), parse);
}

/** A bare number counts only in an element named as a whole price; otherwise a currency must show. */
function looksLikePrice(text: string, currency: string | null, el: Element): boolean {
  // '$', 'kr' and 'Rs' stay without an ISO code on pages of unknown country, but are still money.
  if (currency || /[$¥₨]|\bkr\b|\brs\.?(?=[\s\d]|$)|,-|\.-/i.test(text)) return true;
  const names = tokensOf(el);
  return (
    /^\d[\d.,\s]*$/.test(text) &&
    names.some((t) => PRICE_NAME.test(t)) &&
    !names.some((t) => /fraction|whole|decimal|cent|symbol|currency|integer|digit|dec$|int$/.test(t))
  );
}

function namesOf(el: Element): string {
  const a = el.attribs ?? {};
  return `${a.class ?? ''} ${a.id ?? ''} ${a.itemprop ?? ''} ${a['data-testid'] ?? ''} ${a['data-test'] ?? ''}`;
}

interface Title {
  readonly el: Element | null;
  readonly ancestors: Set<Element>;
}

function findTitle($: CheerioAPI): Title {
  const el = findTitleElement($);
  const ancestors = new Set<Element>();
  for (let p = el?.parent; p && p.type === 'tag'; p = p.parent) ancestors.add(p as Element);
  return { el, ancestors };
}

interface Scored {
  readonly found: Found;
  readonly candidate: PriceCandidate;
  /** What counted against the price (empty when nothing did). */
  readonly reasons: readonly string[];
}

function score(found: Found, title: Title, repeated: boolean): Scored {
  const { el } = found;
  let score = found.currency ? 1 : 0;
  const reasons: string[] = [];
  if (repeated) {
    score -= 3;
    reasons.push('one of a list of items');
  }
  const own = tokensOf(el);
  if (own.some((t) => PRICE_NAME.test(t))) score += 2;
  if (own.some((t) => PRICE_NAME.test(t) && CURRENT_NAME.test(t))) score += 1;
  if (isOtherPriceName(el)) {
    score -= OTHER_PRICE_NAME_PENALTY;
    reasons.push('other-price-name');
  }
  // Ancestors close by qualify the price; any ancestor can mark a region that is not the buy box.
  let depth = 0;
  let titleDistance = -1;
  let otherPriceParent = false;
  let otherRegion = false;
  for (let p = el.parent; p && p.type === 'tag'; p = p.parent, depth++) {
    const parent = p as Element;
    const tag = parent.tagName.toLowerCase();
    if (tag === 'body' || tag === 'html') break;
    const tokens = tokensOf(parent);
    if (depth < 4 && tokens.some((t) => PRICE_NAME.test(t))) score += 1 / (depth + 1);
    const words = wordsOf(parent);
    if (depth < 3 && isOtherPriceName(parent)) otherPriceParent = true;
    // A <header> holding the product title is the product's own header, not the site's.
    const regionTag = OTHER_REGION_TAGS.has(tag) && !(tag === 'header' && title.ancestors.has(parent));
    const regionWord = OTHER_REGION_WORDS.exec(words)?.[0];
    if (regionTag || regionWord) {
      otherRegion = true;
      reasons.push(`in ${tag}${regionWord ? ` "${regionWord}"` : ''}`);
    }
    if (titleDistance < 0 && title.ancestors.has(parent)) titleDistance = depth;
  }
  if (otherPriceParent) {
    score -= 3;
    reasons.push('other-price-parent');
  }
  if (otherRegion) score -= 3;
  if (OTHER_REGION_TAGS.has(el.tagName.toLowerCase())) {
    score -= 3;
    reasons.push(`is ${el.tagName.toLowerCase()}`);
  }
  if (isCrossedOut(el)) {
    score -= 8;
    reasons.unshift('crossed out');
  }
  // Sharing a small container with the product title is the buy-box signal.
  if (titleDistance >= 0) score += Math.max(0, 4 - titleDistance * 0.5);
  if (largeType(el)) score += 1.5;
  const { before, after, line } = neighbourhood(el, found.text);
  const label = before.trim() ? before : labelBefore(el);
  if (PRICE_LABEL.test(label)) score += 1;
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
    score -= 3;
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
    where: `visible ${describeElement(el)}${reasons.length ? ` (${reasons.slice(0, 3).join(', ')})` : ''}`,
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
  let container: Element = el;
  for (let depth = 0; depth < 3 && container.parent?.type === 'tag'; depth++) {
    container = container.parent as Element;
  }
  return !all.some((o) => o !== s && o.reasons.length === 0 && contains(container, o.found.el));
}

/** The candidate without the penalty its reference-price name gave it. */
function relieve(s: Scored): PriceCandidate {
  return {
    ...s.candidate,
    score: s.candidate.score + OTHER_PRICE_NAME_PENALTY,
    where: `${s.candidate.where.replace(/ \(other-price-name\)$/, '')} (regular-price name, no other price next to it)`,
  };
}

function contains(ancestor: Element, node: Element): boolean {
  for (let p: Element | null = node; p; p = p.parent?.type === 'tag' ? (p.parent as Element) : null) {
    if (p === ancestor) return true;
  }
  return false;
}

/**
 * A struck-through price (del, s, strike or line-through style, on it or close above) is a 'was'
 * price; so is a labelled price whose digits are struck inside it ('Normal: <s>$279.990</s>').
 */
function isCrossedOut(el: Element): boolean {
  let node: Element | null = el;
  for (let depth = 0; node && depth < 4; depth++) {
    if (isStrike(node)) return true;
    node = node.parent?.type === 'tag' ? (node.parent as Element) : null;
  }
  return hasStruckDigits(el);
}

function isStrike(el: Element): boolean {
  const tag = el.tagName.toLowerCase();
  return tag === 'del' || tag === 's' || tag === 'strike' || /line-through/i.test(el.attribs?.style ?? '');
}

/** The element holds one number, so a struck descendant with digits in it strikes that number. */
function hasStruckDigits(el: Element): boolean {
  return el.children.some(
    (child) =>
      child.type === 'tag' &&
      ((isStrike(child as Element) && /\d/.test(visibleText(child as AnyNode, 64))) ||
        hasStruckDigits(child as Element)),
  );
}

/** Class / id names of a reference, unit, shipping or other non-payable price ('old-price', 'fshippingCost'). */
function isOtherPriceName(el: Element): boolean {
  return OTHER_PRICE_WORDS.test(wordsOf(el)) || OTHER_PRICE_PARTS.test(namesOf(el));
}

/**
 * The label of a 'label: value' layout, where the label is a sibling element before the value's
 * container ('<div>Shipping:</div><div><span>£9.99</span></div>').
 */
function labelBefore(el: Element): string {
  let node: Element | null = el;
  for (let level = 0; node && level < 3; level++) {
    let sibling = node.prev;
    while (
      sibling &&
      sibling.type !== 'tag' &&
      !(sibling.type === 'text' && (sibling as unknown as { data: string }).data.trim())
    ) {
      sibling = sibling.prev;
    }
    if (sibling) {
      const text = visibleText(sibling as AnyNode, 60)
        .replace(/\s+/g, ' ')
        .trim();
      return text.length <= 40 && !/\d/.test(text) ? text : '';
    }
    node = node.parent?.type === 'tag' ? (node.parent as Element) : null;
  }
  return '';
}

/** Class and id names split into lower-case words: 'priceBlock old-price' → 'price block old price'. */
function wordsOf(el: Element): string {
  return namesOf(el)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
}

/** Class, id and similar names of an element, as lower-case tokens. */
function tokensOf(el: Element): string[] {
  return namesOf(el)
    .split(/\s+/)
    .filter((t) => t.length > 1 && t.length < 60)
    .map((t) => t.toLowerCase());
}

/**
 * The text between the previous number and the price, and between the price and the next number,
 * in the price's parent line: where 'was', 'from', 'per kg' or 'shipping' would qualify it.
 */
function neighbourhood(el: Element, priceText: string): { before: string; after: string; line: string } {
  let line = '';
  for (
    let p: Element | null = el, i = 0;
    p && i < 3;
    p = p.parent?.type === 'tag' ? (p.parent as Element) : null, i++
  ) {
    // Markup is whitespace-heavy: read generously, then judge the collapsed length.
    const text = visibleText(p, 4000).replace(/\s+/g, ' ').trim();
    if (text.length > 160 || !text.includes(priceText)) break;
    line = text;
  }
  const at = line.indexOf(priceText);
  if (at < 0) return { before: '', after: '', line };
  // Measure from the number itself, so words inside the price element ('+£27.02 postage') count too.
  const number = /\d(?:[\d.,'’ ]*\d)?/.exec(priceText);
  const start = at + (number?.index ?? 0);
  const end = start + (number?.[0].length ?? priceText.length);
  const beforeAll = line.slice(0, start);
  const afterAll = line.slice(end);
  const before = beforeAll.slice(lastNumberEnd(beforeAll)).slice(-40);
  const nextDigit = afterAll.search(/\d/);
  const after = (nextDigit >= 0 ? afterAll.slice(0, nextDigit) : afterAll).slice(0, 30);
  return { before, after, line };
}

/** Where the last number before the price ends; a count in brackets ('Used (4) from') is part of the label. */
function lastNumberEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(/\(\d+\)|(\d[\d.,]*)/g)) if (m[1]) end = (m.index ?? 0) + m[0].length;
  return end;
}

/** The text a reader sees in a node (scripts, styles and templates skipped), cut after about `max` chars. */
export function visibleText(node: AnyNode, max: number): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (node.type !== 'tag') return '';
  const el = node as Element;
  if (SKIPPED_TAGS.has(el.tagName.toLowerCase())) return '';
  let text = '';
  for (const child of el.children) {
    text += visibleText(child as AnyNode, max);
    if (text.length > max) break;
  }
  return text;
}

function describeElement(el: Element): string {
  const a = el.attribs ?? {};
  const cls = (a.class ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return `${el.tagName}${a.id ? `#${a.id}` : ''}${cls.map((c) => `.${c}`).join('')}`;
}
