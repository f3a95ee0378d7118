import * as z from 'zod';
import { priceSuggestionPageSchema, priceSuggestionQuerySchema } from '../price-suggestions';
import { pricingRuleSchema, pricingRulesInputSchema } from '../pricing-rules';
import { defineRoutes, errors } from './route';

const rulesAnswer = z.strictObject({ success: z.literal(true), rules: z.array(pricingRuleSchema) });

export const pricingRoutes = defineRoutes(
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
    method: 'GET',
    path: '/api/price-suggestions',
    summary:
      "Each product's suggested price under the first pricing rule that takes it, a page at a time, filtered as the dashboard is, and by direction (up, down, none)",
    request: { query: priceSuggestionQuerySchema },
    responses: { 200: priceSuggestionPageSchema, ...errors(400, 401, 500) },
  },
);
