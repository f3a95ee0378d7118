/**
 * Finds the element that shows the product's name. The first <h1> is often something else (a
 * basket pop-up's 'Adding to basket...', a promotion, a tile in a deal list), so headings are
 * matched against the name the page gives itself in <title> and og:title.
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';

const MAX_HEADINGS = 60;
/** Share of a heading's words the page title must contain for the heading to name the product. */
const MIN_SHARE = 0.6;

/** The heading that names the product, else the first <h1> or itemprop=name, else null. */
export function findTitleElement($: CheerioAPI): Element | null {
  const reference = new Set([
    ...wordsOf($('meta[property="og:title"]').attr('content') ?? ''),
    ...wordsOf($('title').first().text()),
  ]);
  const fallback = ($('h1').get(0) ?? $('[itemprop="name"]').get(0) ?? null) as Element | null;
  if (reference.size === 0) return fallback;
  let best: { el: Element; matched: number } | null = null;
  for (const node of $('h1, h2, [itemprop="name"]').toArray().slice(0, MAX_HEADINGS)) {
    const el = node as Element;
    if (el.tagName === 'meta' || el.tagName === 'link') continue;
    const words = wordsOf($(el).text());
    const matched = words.filter((w) => reference.has(w)).length;
    if (words.length === 0 || matched / words.length < MIN_SHARE) continue;
    // A matching <h1> wins over other headings; among equals, more of the name, then document order.
    const better = !best || rank(el) - rank(best.el) || best.matched - matched;
    if (better === true || (typeof better === 'number' && better < 0)) {
      best = { el, matched };
    }
  }
  return best?.el ?? fallback;
}

function rank(el: Element): number {
  return el.tagName === 'h1' ? 0 : el.tagName === 'h2' ? 1 : 2;
}

/**
 * Lower-case words; scripts written without spaces (Chinese, Japanese) as pairs of characters, so
 * a heading and a title can share parts of a name.
 */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(token)) {
      const chars = [...token];
      for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    } else if (token.length > 1 || /\p{N}/u.test(token)) {
      out.push(token);
    }
    if (out.length > 200) break;
  }
  return out;
}
