import * as z from 'zod';
import { competitorUrlSchema, priceRecordSchema } from './catalogue';
import { competitorPriceSchema } from './dashboard';

/**
 * What the comparison makes of a URL's price, as the dashboard judges it (judgePrice): the amount it
 * compares, converted and with shipping when those apply, or why it compares none.
 */
export const comparedViewSchema = competitorPriceSchema.pick({
  compared_price: true,
  currency_mismatch: true,
  conversion: true,
  stale_rate_date: true,
  shipping: true,
});
export type ComparedView = z.infer<typeof comparedViewSchema>;

/** GET /api/competitor-urls/{id}: the URL with its recent checks and its comparison. */
export const competitorUrlDetailSchema = competitorUrlSchema.extend({
  price_data: z.array(priceRecordSchema),
  /** The comparison's view of the URL's price; null without a price. */
  compared: comparedViewSchema.nullable().optional(),
});
export type CompetitorUrlDetail = z.infer<typeof competitorUrlDetailSchema>;
