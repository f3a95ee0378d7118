/**
 * A competitor URL's item, `COMPETITOR_URL#<id>`: the URL itself (competitor-url.repository.ts)
 * and its price state (url-price-state.repository.ts) share it.
 */
export const competitorUrlKey = (id: number) => ({ PK: `COMPETITOR_URL#${id}`, SK: 'COMPETITOR_URL' });
