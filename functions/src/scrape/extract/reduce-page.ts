/**
 * Reduces a page to what a model needs to find the price: title, structured offers, meta tags, the
 * text around price-like strings and the buy box. Keeps prompts small (cost, latency) and capped at
 * about 8,000 tokens.
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import type { PriceCandidate } from './candidate';
import { visibleText } from './page-text';

/** About 8,000 tokens at ~4 characters per token. */
export const MAX_REDUCED_CHARS = 32_000;
const MAX_SNIPPETS = 12;
const MAX_BUY_BOX_CHARS = 1_500;

/** Rough token count for budgeting and reporting (4 characters per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The reduced page text. Deterministic for a given page, so prompts can be compared and cached. */
export function reducePage(
  $: CheerioAPI,
  pageUrl: string,
  structured: readonly PriceCandidate[],
  visible: readonly PriceCandidate[],
): string {
  const clean = (s: string | undefined, max: number) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
  const lines: string[] = [`URL: ${pageUrl}`];
  const title = clean($('title').first().text(), 200);
  if (title) lines.push(`Title: ${title}`);
  const h1 = clean($('h1').first().text(), 200);
  if (h1 && h1 !== title) lines.push(`Heading: ${h1}`);
  const metas: string[] = [];
  $('meta').each((_, el) => {
    const name = ($(el).attr('property') ?? $(el).attr('name') ?? '').toLowerCase();
    if (/^(og:title|og:description|product:|og:price|og:availability|twitter:data)/.test(name)) {
      metas.push(`${name}=${clean($(el).attr('content'), 160)}`);
    }
  });
  if (metas.length > 0) lines.push('Meta tags:', ...metas.slice(0, 12).map((m) => `- ${m}`));
  if (structured.length > 0) {
    lines.push('Structured data offers:');
    for (const c of structured.slice(0, 10)) {
      lines.push(
        `- [${c.source}] ${c.snippet} availability=${c.stock}${c.kind === 'range-low' ? ' (lowest of a range)' : ''}`,
      );
    }
  }
  if (visible.length > 0) {
    lines.push('Price-like text on the page (with surrounding text):');
    const seen = new Set<string>();
    for (const c of visible) {
      if (seen.size >= MAX_SNIPPETS) break;
      if (seen.has(c.snippet)) continue;
      seen.add(c.snippet);
      lines.push(`- ${c.snippet}`);
    }
  }
  const buyBox = buyBoxText($);
  if (buyBox) lines.push('Text around the product title:', buyBox);
  return lines.join('\n').slice(0, MAX_REDUCED_CHARS);
}

/** The text of the smallest container around the title that holds a reasonable amount of text. */
function buyBoxText($: CheerioAPI): string {
  const h1 = $('h1').first();
  if (h1.length === 0) return '';
  let box = h1.get(0)?.parent ?? null;
  let text = '';
  // Climb until the container holds enough text to include the buy box, but not the whole page.
  for (let level = 0; box && level < 8; level++, box = box.parent) {
    text = visibleText(box as AnyNode, MAX_BUY_BOX_CHARS * 2)
      .replace(/\s+/g, ' ')
      .trim();
    if (text.length >= 400) break;
  }
  return text.slice(0, MAX_BUY_BOX_CHARS);
}
