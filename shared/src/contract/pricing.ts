import * as z from 'zod';
import { comparisonSettingsInputSchema, comparisonSettingsSchema } from '../comparison-settings';
import { exchangeRatesAnswerSchema, exchangeRatesInputSchema } from '../exchange-rates';
import {
  applySuggestionsAnswerSchema,
  applySuggestionsSchema,
  ownPriceChangeSchema,
  priceSuggestionFilterSchema,
  priceSuggestionPageSchema,
  priceSuggestionQuerySchema,
  rulesPreviewAnswerSchema,
} from '../price-suggestions';
import { pricingRuleSchema, pricingRulesInputSchema } from '../pricing-rules';
import { csvFileSchema, defineRoutes, errors, idParams } from './route';

const rulesAnswer = z.strictObject({ success: z.literal(true), rules: z.array(pricingRuleSchema) });
const comparisonSettingsAnswer = z.strictObject({
  success: z.literal(true),
  settings: comparisonSettingsSchema,
});

export const pricingRoutes = defineRoutes(
  {
    method: 'GET',
    path: '/api/comparison-settings',
    summary: 'How the comparison treats offers: whether out-of-stock offers are left out',
    request: {},
    responses: { 200: comparisonSettingsAnswer, ...errors(401, 500) },
  },
  {
    method: 'PUT',
    path: '/api/comparison-settings',
    summary:
      'Change how the comparison treats offers (admins only); settings left out keep their value. The dashboard, the suggestions and the next alerts follow',
    request: { body: comparisonSettingsInputSchema },
    responses: { 200: comparisonSettingsAnswer, ...errors(400, 401, 403, 415, 500) },
  },
  {
    method: 'GET',
    path: '/api/exchange-rates',
    summary:
      "The exchange rates a competitor price in another currency is converted at: the hand-set ones and the ECB's newest reference rates, in the shop's currency",
    request: {},
    responses: { 200: exchangeRatesAnswerSchema, ...errors(401, 500) },
  },
  {
    method: 'PUT',
    path: '/api/exchange-rates',
    summary:
      "Set the hand-set rates (admins only), which take precedence over the ECB's: the whole list, each currency once; an empty list removes them",
    request: { body: exchangeRatesInputSchema },
    responses: { 200: exchangeRatesAnswerSchema, ...errors(400, 401, 403, 415, 500) },
  },
  {
    method: 'GET',
    path: '/api/pricing-rules',
    summary: 'The pricing rules in order: the first whose scope matches a product suggests its price',
    request: {},
    responses: { 200: rulesAnswer, ...errors(401, 500) },
  },
  {
    method: 'PUT',
    path: '/api/pricing-rules',
    summary: 'Replace the ordered pricing rules (admins only); a rule sent with its id keeps it',
    request: { body: pricingRulesInputSchema },
    responses: { 200: rulesAnswer, ...errors(400, 401, 403, 415, 500) },
  },
  {
    method: 'POST',
    path: '/api/pricing-rules/preview',
    readOnly: true,
    summary:
      'How many products each of these rules (saved or not) would move up or down, and how many no rule takes; writes nothing',
    request: { body: pricingRulesInputSchema },
    responses: { 200: rulesPreviewAnswerSchema, ...errors(400, 401, 415, 500) },
  },
  {
    method: 'GET',
    path: '/api/price-suggestions',
    summary:
      "Each product's suggested price under the first pricing rule that takes it, a page at a time, filtered as the dashboard is, and by direction (up, down, none)",
    request: { query: priceSuggestionQuerySchema },
    responses: { 200: priceSuggestionPageSchema, ...errors(400, 401, 500) },
  },
  {
    method: 'POST',
    path: '/api/price-suggestions/apply',
    summary:
      "Set each product's price to its current suggestion (admins only), kept in its price history with the rule",
    request: { body: applySuggestionsSchema },
    responses: { 200: applySuggestionsAnswerSchema, ...errors(400, 401, 403, 415, 500) },
  },
  {
    method: 'GET',
    path: '/api/products/{id}/price-history',
    summary: "The product's own price over time: each change with its old and new price and what changed it",
    request: { params: idParams },
    responses: {
      200: z.strictObject({ success: z.literal(true), own_prices: z.array(ownPriceChangeSchema) }),
      ...errors(400, 401, 404, 500),
    },
  },
  {
    method: 'GET',
    path: '/api/price-suggestions/export.csv',
    summary:
      'Every suggested price the filters keep as a CSV download for a shop system: SKU, name, current, suggested, change and reason (docs/api.md#exports)',
    produces: 'text/csv',
    request: { query: priceSuggestionFilterSchema },
    responses: { 200: csvFileSchema, ...errors(400, 401, 406, 500) },
  },
);
