/**
 * The shop's country from its host, used only as a hint for ambiguous currency symbols ('$', 'kr').
 * Generic domains (.com, .net, ...) give no country.
 */

const SECOND_LEVEL = /\.(?:co|com|org|net|gov|ac)\.([a-z]{2})$/;
/** ccTLDs that are sold as generic names, so they say nothing about the shop's country. */
const GENERIC_CC = new Set(['io', 'co', 'me', 'tv', 'ai', 'app', 'cc', 'fm', 'ly', 'to']);

/** ISO 3166 alpha-2 country of a page from its address, or null. `uk` becomes `GB`. */
export function countryFromUrl(pageUrl: string): string | null {
  let host: string;
  try {
    host = new URL(pageUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  const tld = SECOND_LEVEL.exec(host)?.[1] ?? /\.([a-z]{2})$/.exec(host)?.[1];
  if (!tld || GENERIC_CC.has(tld)) return null;
  return tld === 'uk' ? 'GB' : tld.toUpperCase();
}
