import { readEntrySettings } from '../config';
import { groupHandler, sessionOf } from '../http/http-handler';
import { changeComparisonSettings, comparisonSettingsView } from '../pricing/comparison-settings';
import { exchangeRatesView, setManualRates } from '../pricing/exchange-rates';
import { listPricingRules, replacePricingRules } from '../pricing/pricing-rules';

readEntrySettings(process.env);

/** The pricing route group (issue 33): the ordered pricing rules, the comparison settings and the exchange rates; admins change them. */
export const handler = groupHandler('pricing', {
  'GET /api/comparison-settings': async () => ({
    body: { success: true, settings: await comparisonSettingsView() },
  }),

  'PUT /api/comparison-settings': async (request) => ({
    body: { success: true, settings: await changeComparisonSettings(sessionOf(request).user, request.body) },
  }),

  'GET /api/exchange-rates': async () => ({ body: await exchangeRatesView() }),

  'PUT /api/exchange-rates': async (request) => ({
    body: await setManualRates(sessionOf(request).user, request.body.rates),
  }),

  'GET /api/pricing-rules': async () => ({ body: { success: true, rules: await listPricingRules() } }),

  'PUT /api/pricing-rules': async (request) => ({
    body: { success: true, rules: await replacePricingRules(sessionOf(request).user, request.body.rules) },
  }),
});
