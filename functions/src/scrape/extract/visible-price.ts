/**
 * Visible-page heuristics for pages without usable structured data: finds short elements whose text
 * reads as a price and has them ranked (visible-score.ts).
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import type { PriceCandidate } from './candidate';
import { isSkipped, tokensOf, visibleText } from './page-text';
import { MONEY_SIGN, type ParseOptions, parsePrice } from './price-parse';
import {
  ADJACENT_CURRENCY_AFTER,
  ADJACENT_CURRENCY_BEFORE,
  PRICE_NAME,
  PRICE_PART_NAME,
} from './price-words';
import { type Found, rankPrices } from './visible-score';

const MAX_PRICE_TEXT = 48;
const MAX_LABEL_LETTERS = 16;

/**
 * Price candidates read from the visible page, best first. The score is only an ordering; the
 * pipeline decides how far to trust the top one.
 */
export function extractVisiblePrices($: CheerioAPI, parse: ParseOptions): PriceCandidate[] {
  const root = $.root().get(0);
  if (!root) return [];
  const found: Found[] = [];
  collect(root as unknown as AnyNode, found, parse);
  return rankPrices($, found);
}

/**
 * Walks the tree once, recording each short element whose text parses as one price (the outermost
 * element wins). Returns the element's text, or null once it is too long to be a price.
 */
function collect(node: AnyNode, out: Found[], parse: ParseOptions): string | null {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (node.type !== 'tag' && node.type !== 'root') return '';
  const el = node as Element;
  if (node.type === 'tag' && isSkipped(el)) return '';
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
  const after = ADJACENT_CURRENCY_AFTER.exec(textOf(el.next as AnyNode | null))?.[1];
  if (after) return `${text} ${after}`;
  const before = ADJACENT_CURRENCY_BEFORE.exec(textOf(el.prev as AnyNode | null))?.[1];
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
  if (currency || MONEY_SIGN.test(text)) return true;
  const names = tokensOf(el);
  return (
    /^\d[\d.,\s]*$/.test(text) &&
    names.some((t) => PRICE_NAME.test(t)) &&
    !names.some((t) => PRICE_PART_NAME.test(t))
  );
}
