import { readEntrySettings } from '../config';
import { groupHandler, sessionOf } from '../http/http-handler';
import { listPricingRules, replacePricingRules } from '../pricing/pricing-rules';

readEntrySettings(process.env);

/** The pricing route group (issue 33): the ordered pricing rules; admins replace them. */
export const handler = groupHandler('pricing', {
  'GET /api/pricing-rules': async () => ({ body: { success: true, rules: await listPricingRules() } }),

  'PUT /api/pricing-rules': async (request) => ({
    body: { success: true, rules: await replacePricingRules(sessionOf(request).user, request.body.rules) },
  }),
});
