import * as z from 'zod';

/**
 * How the comparison treats offers (issue 33, docs/rules.md#1-price-comparison): one setting for the
 * whole shop, read by the dashboard, the suggestions and the alerts alike.
 */
export const comparisonSettingsSchema = z.strictObject({
  /** Out-of-stock offers take no part in the comparison (default: every priced offer counts, as the spec has it). */
  compare_in_stock_only: z.boolean('compare_in_stock_only must be true or false'),
});
export type ComparisonSettings = z.infer<typeof comparisonSettingsSchema>;

export const DEFAULT_COMPARISON_SETTINGS: ComparisonSettings = { compare_in_stock_only: false };

export const ADMINS_ONLY_COMPARISON_SETTINGS = 'Only an administrator can change the comparison settings';

/** PUT /api/comparison-settings: the settings sent change, those left out keep their value. */
export const comparisonSettingsInputSchema = comparisonSettingsSchema.partial();
