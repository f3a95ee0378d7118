/** Price trend of a competitor URL (docs/rules.md#7-price-trend), from its latest two price records. */

export type PriceTrend = 'up' | 'down' | 'stable' | 'no_data';

export interface PricePoint {
  price: number | null;
  scraped_at: string;
}

const pennies = (price: number) => Math.round(price * 100);

/**
 * up if the latest price is above the previous one, down if below, stable if equal (compared in whole
 * pennies), no_data with fewer than two records or when either of the two has no price.
 * Records may come in any order; the newest two by `scraped_at` are compared.
 * @example priceTrend([{ price: 12, scraped_at: '2026-01-02' }, { price: 10, scraped_at: '2026-01-01' }]) // 'up'
 */
export function priceTrend(records: readonly PricePoint[]): PriceTrend {
  if (records.length < 2) return 'no_data';
  const [latest, previous] = [...records].sort((a, b) => Date.parse(b.scraped_at) - Date.parse(a.scraped_at));
  if (latest?.price == null || previous?.price == null) return 'no_data';
  const change = pennies(latest.price) - pennies(previous.price);
  if (change > 0) return 'up';
  return change < 0 ? 'down' : 'stable';
}
