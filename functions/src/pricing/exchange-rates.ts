import {
  ADMINS_ONLY_EXCHANGE_RATES,
  type ExchangeRate,
  type ExchangeRatesAnswer,
  MAX_RATE_AGE_DAYS,
  newestReference,
  type PublicUser,
  REFERENCE_DAYS_KEPT,
} from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { settingsSection, shopConfigSchema } from '../config';
import { readComparisonInputs, saveComparisonInputs } from '../data/catalogue-version.repository';
import { InvalidInputError } from '../domain/errors';

const shopSettings = settingsSection('shop', shopConfigSchema);

/**
 * The exchange rates (docs/rules.md#27-currencies): admins set rates by hand, the daily function
 * (ecb-rates.ts) keeps the ECB's reference days. Both live with the comparison's other inputs on
 * the catalogue's version item, so a change rebuilds the lists with it.
 */
export async function exchangeRatesView(): Promise<ExchangeRatesAnswer> {
  const { rates } = await readComparisonInputs();
  const shopCurrency = shopSettings().SHOP_CURRENCY;
  return {
    success: true,
    shop_currency: shopCurrency,
    max_age_days: MAX_RATE_AGE_DAYS,
    manual: Object.entries(rates.manual)
      .map(([currency, { rate, date }]) => ({ currency, rate, date }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    reference: newestReference(rates, shopCurrency),
  };
}

/** Replaces the hand-set rates (admins only); a rate for the shop's own currency is refused. */
export async function setManualRates(
  user: PublicUser,
  rates: readonly ExchangeRate[],
): Promise<ExchangeRatesAnswer> {
  requireAdmin(user, ADMINS_ONLY_EXCHANGE_RATES);
  const shopCurrency = shopSettings().SHOP_CURRENCY;
  const own = rates.findIndex((rate) => rate.currency === shopCurrency);
  if (own >= 0)
    throw new InvalidInputError(`${shopCurrency} is the shop's currency: it needs no rate`, {
      field: `rates.${own}.currency`,
    });
  const manual = Object.fromEntries(rates.map(({ currency, rate, date }) => [currency, { rate, date }]));
  await saveComparisonInputs({ set: [[['manual_rates'], manual]] });
  return exchangeRatesView();
}

/**
 * Keeps one day of the ECB's reference rates (units per euro, as published) and drops the days
 * beyond the newest REFERENCE_DAYS_KEPT.
 */
export async function saveReferenceDay(
  day: string,
  perEuro: Readonly<Record<string, number>>,
): Promise<void> {
  const { rates } = await readComparisonInputs();
  const days = [...new Set([...Object.keys(rates.reference), day])].sort();
  const dropped = days.slice(0, Math.max(0, days.length - REFERENCE_DAYS_KEPT)).filter((d) => d !== day);
  await saveComparisonInputs(
    {
      set: [[['reference_rates', day], perEuro]],
      remove: dropped.map((d) => ['reference_rates', d]),
    },
    ['reference_rates'],
  );
}
