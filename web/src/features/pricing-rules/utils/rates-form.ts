// The hand-set exchange rates form (docs/screens.md#17-pricing-rules): rows typed as text, checked by
// the API's own rules (exchangeRatesInputSchema), so the form says what the server would.
import { type ExchangeRate, exchangeRatesInputSchema, type FormCheck, schemaCheck } from '@cmp/shared';

export interface RateRow {
  currency: string;
  rate: string;
  date: string;
}

export const rowOf = (rate: ExchangeRate): RateRow => ({
  currency: rate.currency,
  rate: String(rate.rate),
  date: rate.date,
});

/** The rows as the API takes them; a currency typed in lower case is taken in capitals. */
export function validateRates(rows: readonly RateRow[]): FormCheck<ExchangeRate[]> {
  const rates = rows.map((row) => ({
    currency: row.currency.trim().toUpperCase(),
    rate: row.rate.trim() === '' ? Number.NaN : Number(row.rate),
    date: row.date.trim(),
  }));
  const checked = schemaCheck(exchangeRatesInputSchema, { rates });
  return checked.ok ? { ok: true, value: checked.value.rates } : checked;
}
