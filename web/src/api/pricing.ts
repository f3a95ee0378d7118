// Pricing rules and suggested prices (docs/api.md#pricing-rules): the ordered rules, admins replace them;
// what a set of rules would do (the preview); the suggestions of a page of the dashboard; applying them.
import type {
  ApplySuggestionsAnswer,
  ComparisonSettings,
  DashboardProduct,
  ExchangeRate,
  ExchangeRatesAnswer,
  PriceSuggestion,
  PricingRule,
  PricingRuleInput,
  RulesPreview,
} from '@cmp/shared';
import useSWR, { mutate } from 'swr';
import { expectSuccess } from '../lib/api-result';
import { notifyError } from '../lib/notify';
import { call } from './client';
import { reloadDashboardPages } from './dashboard';
import { keys } from './keys';

export type SavedPricingRule = PricingRule & { id: number };

export function usePricingRules() {
  return useSWR(
    keys.pricingRules,
    async () => expectSuccess(await call('GET /api/pricing-rules')).rules as SavedPricingRule[],
    { onError: (error) => notifyError(error, 'Failed to fetch pricing rules') },
  );
}

/** Replaces the whole ordered list; the dashboard's suggestions follow. */
export async function savePricingRules(rules: readonly PricingRuleInput[]): Promise<SavedPricingRule[]> {
  const saved = expectSuccess(await call('PUT /api/pricing-rules', { body: { rules: [...rules] } }))
    .rules as SavedPricingRule[];
  await Promise.all([mutate(keys.pricingRules, saved, { revalidate: false }), reloadSuggestions()]);
  return saved;
}

export function useComparisonSettings() {
  return useSWR(
    keys.comparisonSettings,
    async () => expectSuccess(await call('GET /api/comparison-settings')).settings,
    { onError: (error) => notifyError(error, 'Failed to fetch the comparison settings') },
  );
}

/** Changes how the comparison treats offers; the dashboard, the suggestions and the previews follow. */
export async function saveComparisonSettings(
  change: Partial<ComparisonSettings>,
): Promise<ComparisonSettings> {
  const { settings } = expectSuccess(await call('PUT /api/comparison-settings', { body: change }));
  await Promise.all([
    mutate(keys.comparisonSettings, settings, { revalidate: false }),
    reloadDashboardPages(),
    reloadSuggestions(),
    mutate((key) => Array.isArray(key) && key[0] === keys.pricingPreview([])[0]),
  ]);
  return settings;
}

export function useExchangeRates() {
  return useSWR(
    keys.exchangeRates,
    async () => expectSuccess(await call('GET /api/exchange-rates')) as ExchangeRatesAnswer,
    { onError: (error) => notifyError(error, 'Failed to fetch the exchange rates') },
  );
}

/** Replaces the hand-set rates; the dashboard and the suggestions convert with them. */
export async function saveExchangeRates(rates: readonly ExchangeRate[]): Promise<ExchangeRatesAnswer> {
  const answer = expectSuccess(
    await call('PUT /api/exchange-rates', { body: { rates: [...rates] } }),
  ) as ExchangeRatesAnswer;
  await Promise.all([
    mutate(keys.exchangeRates, answer, { revalidate: false }),
    reloadDashboardPages(),
    reloadSuggestions(),
  ]);
  return answer;
}

/** What `rules` would do to today's products, per rule; nothing asked while null. */
export function useRulesPreview(rules: readonly PricingRuleInput[] | null) {
  return useSWR(rules ? keys.pricingPreview(rules) : null, async ([, json]) => {
    const answer = expectSuccess(
      await call('POST /api/pricing-rules/preview', { body: { rules: JSON.parse(json) } }),
    );
    return answer satisfies RulesPreview;
  });
}

/**
 * The suggestions for the products of a dashboard page, by product id; nothing asked while `rows` is null
 * (no rules).
 */
export function usePageSuggestions(rows: readonly DashboardProduct[] | null) {
  const basis = rows
    ?.map((row) => `${row.current_price}/${row.cost}/${row.price_comparison.lowest_competitor_price}`)
    .join(',');
  return useSWR(
    rows && rows.length > 0
      ? keys.pageSuggestions(
          rows.map((row) => row.id),
          basis ?? '',
        )
      : null,
    async ([, ids]) => {
      const answer = expectSuccess(
        await call('GET /api/price-suggestions', {
          query: {
            product_ids: ids.join(','),
            show_hidden: 'true',
            page: '1',
            page_size: String(ids.length),
          },
        }),
      );
      return new Map<number, PriceSuggestion>(answer.suggestions.map((s) => [s.product_id, s]));
    },
  );
}

/** Every page's suggestions fetched again (after the rules or prices changed). */
export const reloadSuggestions = () =>
  mutate((key) => Array.isArray(key) && key[0] === keys.pageSuggestions([], '')[0]);

/** Sets each product's price to its suggestion; the dashboard and the suggestions follow. */
export async function applySuggestions(productIds: readonly number[]): Promise<ApplySuggestionsAnswer> {
  const answer = expectSuccess(
    await call('POST /api/price-suggestions/apply', { body: { product_ids: [...productIds] } }),
  );
  await Promise.all([reloadDashboardPages(), reloadSuggestions(), mutate(keys.priceOverview)]);
  return answer;
}
