/**
 * OpenGraph and product meta tags (`product:price:amount`, `og:price:amount`, their sale and currency
 * siblings, `product:availability`), the structured data many shop platforms emit in the head.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { type PriceCandidate, snippetOf } from './candidate';
import { normaliseCurrency, type ParseOptions, parseMachinePrice } from './price-parse';
import { stockFromAvailability } from './schema-org';

/** Price candidates from meta tags: the sale price when one is given, else the regular one. */
export function extractMetaTags($: CheerioAPI, parse: ParseOptions): PriceCandidate[] {
  const meta = new Map<string, string>();
  $('meta').each((_, el) => {
    const key = ($(el).attr('property') ?? $(el).attr('name') ?? '').trim().toLowerCase();
    const content = $(el).attr('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content.trim().slice(0, 200));
  });
  const stock = stockFromAvailability(meta.get('product:availability') ?? meta.get('og:availability'));
  const out: PriceCandidate[] = [];
  for (const prefix of ['product:sale_price', 'og:sale_price', 'product:price', 'og:price']) {
    const amountKey = `${prefix}:amount`;
    const raw = meta.get(amountKey);
    if (raw === undefined) continue;
    const parsed = parseMachinePrice(raw, parse);
    if (!parsed) continue;
    const currencyRaw = meta.get(`${prefix}:currency`);
    out.push({
      source: 'meta',
      amount: parsed.amount,
      currency: normaliseCurrency(currencyRaw, parse) ?? parsed.currency,
      stock,
      ids: [],
      urls: [],
      kind: 'offer',
      score: prefix.includes('sale') ? 1 : 0,
      where: `meta ${amountKey}`,
      snippet: snippetOf(`${amountKey}=${raw}${currencyRaw ? ` ${currencyRaw}` : ''}`),
    });
    // The first of sale / regular present wins; the regular price under a sale price is a 'was'.
    break;
  }
  return out;
}
