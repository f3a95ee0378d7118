import type { PriceRecordItem } from '../data/price-record.repository';

/** What checking one URL found, before it is tied to its run and URL and stored. */
export type Outcome = Omit<
  PriceRecordItem,
  'run_id' | 'competitor_url_id' | 'product_id' | 'competitor_name' | 'competitor_url' | 'scraped_at'
>;
