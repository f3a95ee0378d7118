import * as z from 'zod';
import { isDay } from './days';

/**
 * Exchange rates (issue 33, docs/rules.md#27-currencies): a competitor price in another currency is
 * compared after conversion into the shop's currency at a reference rate of its day. Rates come
 * from the European Central Bank's daily reference rates (on AWS, a daily function) or from an
 * admin by hand, which takes precedence while it is usable. A rate further than MAX_RATE_AGE_DAYS
 * from the price's day is not used, and the comparison says so.
 */

/** A rate dated further than this from the day of the price it would convert is not used. */
export const MAX_RATE_AGE_DAYS = 7;
/** Rates are kept and shown to this many decimals. */
export const RATE_DECIMALS = 6;
/** The ECB's daily reference days kept for the comparison: a week either side of a price's day, with room. */
export const REFERENCE_DAYS_KEPT = 14;
/** The currencies a hand-set list may hold. */
export const MAX_MANUAL_RATES = 60;

export const ADMINS_ONLY_EXCHANGE_RATES = 'Only an administrator can change the exchange rates';

const CURRENCY_RULE = 'A currency is three capital letters (ISO 4217), such as USD';
export const currencyCodeSchema = z.string(CURRENCY_RULE).regex(/^[A-Z]{3}$/, CURRENCY_RULE);

const RATE_RULE = 'A rate must be a number above 0 and at most 1,000,000';
const rateSchema = z.number(RATE_RULE).positive(RATE_RULE).max(1_000_000, RATE_RULE);
const daySchema = z
  .string('The rate date must be a date such as 2026-11-27')
  .refine(isDay, 'The rate date must be a date such as 2026-11-27');

/** A rate: how many units of the shop's currency one unit of `currency` is worth, as of `date`. */
export const exchangeRateSchema = z.strictObject({
  currency: currencyCodeSchema,
  rate: rateSchema,
  date: daySchema,
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** PUT /api/exchange-rates: the whole list of hand-set rates (an empty list removes them all). */
export const exchangeRatesInputSchema = z.strictObject({
  rates: z
    .array(exchangeRateSchema, 'rates must be a list of { currency, rate, date }')
    .max(MAX_MANUAL_RATES, `At most ${MAX_MANUAL_RATES} rates`)
    .refine(
      (rates) => new Set(rates.map((rate) => rate.currency)).size === rates.length,
      'Each currency may have one rate only',
    ),
});
export type ExchangeRatesInput = z.infer<typeof exchangeRatesInputSchema>;

export const RATE_SOURCES = ['manual', 'ecb'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** GET /api/exchange-rates. */
export const exchangeRatesAnswerSchema = z.strictObject({
  success: z.literal(true),
  shop_currency: z.string(),
  max_age_days: z.number().int(),
  /** The hand-set rates, by currency. */
  manual: z.array(exchangeRateSchema),
  /** The newest reference rates the ECB published, in the shop's currency; null before any were read. */
  reference: z
    .strictObject({
      date: z.string(),
      rates: z.array(z.strictObject({ currency: z.string(), rate: z.number() })),
    })
    .nullable(),
});
export type ExchangeRatesAnswer = z.infer<typeof exchangeRatesAnswerSchema>;

/**
 * Every rate the comparison may use. `reference`: the ECB's days (YYYY-MM-DD), each with its rates
 * as units of each currency per euro (as published); `manual`: by currency, in the shop's currency.
 */
export interface RateBook {
  manual: Readonly<Record<string, { rate: number; date: string }>>;
  reference: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export const EMPTY_RATE_BOOK: RateBook = { manual: {}, reference: {} };

/** A price converted into the shop's currency: from what, at which rate, of which day. */
export const conversionSchema = z.strictObject({
  from_currency: z.string(),
  from_price: z.number(),
  rate: z.number(),
  rate_date: z.string(),
  source: z.enum(RATE_SOURCES),
});
export type Conversion = z.infer<typeof conversionSchema>;

/**
 * The rate for a price in `from` found on `day`: a usable hand-set rate first, else the ECB's
 * newest day on or before `day` (else its oldest after), when both currencies are on it. Unusable:
 * `stale` with the nearest rate's date when one exists but lies over MAX_RATE_AGE_DAYS from `day`;
 * null when there is none at all.
 */
export function rateFor(
  book: RateBook,
  from: string,
  to: string,
  day: string,
): { rate: number; date: string; source: RateSource } | { stale: string } | null {
  const manual = book.manual[from];
  if (manual && daysApart(manual.date, day) <= MAX_RATE_AGE_DAYS) return { ...manual, source: 'manual' };
  const reference = referenceRate(book.reference, from, to, day);
  if (reference && daysApart(reference.date, day) <= MAX_RATE_AGE_DAYS)
    return { ...reference, source: 'ecb' };
  const nearest = [manual, reference]
    .filter((rate) => rate !== undefined && rate !== null)
    .sort((a, b) => daysApart(a.date, day) - daysApart(b.date, day))[0];
  return nearest ? { stale: nearest.date } : null;
}

/** Units of `to` per unit of `from` on the ECB's day nearest `day` (the euro is 1 on every day). */
function referenceRate(
  days: RateBook['reference'],
  from: string,
  to: string,
  day: string,
): { rate: number; date: string } | null {
  const usable = Object.keys(days)
    .filter((date) => perEuro(days[date], from) !== null && perEuro(days[date], to) !== null)
    .sort();
  const date = usable.filter((d) => d <= day).at(-1) ?? usable[0];
  if (date === undefined) return null;
  const rates = days[date];
  return { rate: roundRate((perEuro(rates, to) as number) / (perEuro(rates, from) as number)), date };
}

const perEuro = (rates: Readonly<Record<string, number>> | undefined, currency: string) =>
  currency === 'EUR' ? 1 : (rates?.[currency] ?? null);

/** Whole days between two YYYY-MM-DD dates, either way round. */
export function daysApart(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000);
}

export const roundRate = (rate: number): number => Number(rate.toFixed(RATE_DECIMALS));

/** To cents, half up (the nudge takes a binary fraction just under a half, 18.805, up). */
export const toCents = (amount: number): number => Math.round(amount * 100 + 1e-6) / 100;

/** `amount` in the shop's currency at `rate`, to cents half up. */
export const convertAmount = (amount: number, rate: number): number => toCents(amount * rate);

/** The rates of the ECB's newest day, in the shop's currency (GET /api/exchange-rates shows them). */
export function newestReference(
  book: RateBook,
  shopCurrency: string,
): { date: string; rates: { currency: string; rate: number }[] } | null {
  const date = Object.keys(book.reference).sort().at(-1);
  if (date === undefined) return null;
  const day = book.reference[date] ?? {};
  const shop = perEuro(day, shopCurrency);
  if (shop === null) return null;
  const currencies = ['EUR', ...Object.keys(day)].filter((currency) => currency !== shopCurrency).sort();
  return {
    date,
    rates: currencies.map((currency) => ({
      currency,
      rate: roundRate(shop / (perEuro(day, currency) as number)),
    })),
  };
}

/**
 * 'converted from USD at 0.7812 on 2026-11-27', as screens and exports say it.
 * @example conversionText({ from_currency: 'USD', rate: 0.7812, rate_date: '2026-11-27' })
 */
export const conversionText = (
  conversion: Pick<Conversion, 'from_currency' | 'rate' | 'rate_date'>,
): string => `converted from ${conversion.from_currency} at ${conversion.rate} on ${conversion.rate_date}`;

/** Why a price in another currency is not compared, after 'Not compared: '. */
export const unconvertedText = (currency: string, staleRateDate: string | undefined): string =>
  staleRateDate
    ? `price in ${currency}, its exchange rate of ${staleRateDate} is over ${MAX_RATE_AGE_DAYS} days from the price's day`
    : `price in ${currency}, no exchange rate`;
