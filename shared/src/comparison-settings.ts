import * as z from 'zod';

/**
 * How the comparison treats offers (issue 33, docs/rules.md#1-price-comparison): one setting for the
 * whole shop, read by the dashboard, the suggestions and the alerts alike.
 */
export const comparisonSettingsSchema = z.strictObject({
  /** Out-of-stock offers take no part in the comparison (default: every priced offer counts, as the spec has it). */
  compare_in_stock_only: z.boolean('compare_in_stock_only must be true or false'),
  /** Competitor totals (price + the host's shipping) are compared instead of prices (default off). */
  compare_with_shipping: z.boolean('compare_with_shipping must be true or false'),
});
export type ComparisonSettings = z.infer<typeof comparisonSettingsSchema>;

export const DEFAULT_COMPARISON_SETTINGS: ComparisonSettings = {
  compare_in_stock_only: false,
  compare_with_shipping: false,
};

export const ADMINS_ONLY_COMPARISON_SETTINGS = 'Only an administrator can change the comparison settings';

/** PUT /api/comparison-settings: the settings sent change, those left out keep their value. */
export const comparisonSettingsInputSchema = comparisonSettingsSchema.partial();

const SHIPPING_RULE = 'Shipping must be an amount from 0 to 10,000 with at most 2 decimals';
const shippingAmount = z
  .number(SHIPPING_RULE)
  .min(0, SHIPPING_RULE)
  .max(10_000, SHIPPING_RULE)
  .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, SHIPPING_RULE);

/**
 * What a competitor host charges for shipping, in the shop's currency: `flat` per order, nothing
 * from `free_over` (the price at which shipping is free; null: never free).
 */
export const shippingSchema = z.strictObject({
  flat: shippingAmount,
  free_over: shippingAmount.nullable(),
});
export type Shipping = z.infer<typeof shippingSchema>;

/** The shipping added to `price` (null when the host's shipping is not known). */
export function shippingFor(shipping: Shipping | undefined, price: number): number | null {
  if (!shipping) return null;
  return shipping.free_over !== null && price >= shipping.free_over ? 0 : shipping.flat;
}
