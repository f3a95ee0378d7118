import { describe, expect, it } from 'vitest';
import {
  conversionText,
  convertAmount,
  exchangeRatesInputSchema,
  MAX_RATE_AGE_DAYS,
  newestReference,
  type RateBook,
  rateFor,
} from './exchange-rates';

// The ECB's rates are units per euro: 1 EUR = 1.05 USD = 0.84 GBP, so 1 USD = 0.8 GBP.
const book: RateBook = {
  manual: {},
  reference: {
    '2026-11-20': { USD: 1.05, GBP: 0.84 },
    '2026-11-27': { USD: 1.04, GBP: 0.832 },
  },
};

describe('the rate a price is converted at', () => {
  it("is the ECB's of the price's day or the newest before it, from euro to the shop's currency", () => {
    expect(rateFor(book, 'USD', 'GBP', '2026-11-27')).toEqual({
      rate: 0.8,
      date: '2026-11-27',
      source: 'ecb',
    });
    expect(rateFor(book, 'USD', 'GBP', '2026-11-25')).toEqual({
      rate: 0.8,
      date: '2026-11-20',
      source: 'ecb',
    });
    expect(rateFor(book, 'EUR', 'GBP', '2026-11-28')).toEqual({
      rate: 0.832,
      date: '2026-11-27',
      source: 'ecb',
    });
    expect(rateFor(book, 'GBP', 'EUR', '2026-11-28')).toEqual({
      rate: 1.201923,
      date: '2026-11-27',
      source: 'ecb',
    });
    // Before every day kept: the oldest after it.
    expect(rateFor(book, 'USD', 'GBP', '2026-11-18')).toMatchObject({ date: '2026-11-20' });
  });

  it('is the hand-set one while usable, which takes precedence', () => {
    const manual: RateBook = { ...book, manual: { USD: { rate: 0.7812, date: '2026-11-26' } } };
    expect(rateFor(manual, 'USD', 'GBP', '2026-11-27')).toEqual({
      rate: 0.7812,
      date: '2026-11-26',
      source: 'manual',
    });
  });

  it(`is none when the nearest lies over ${MAX_RATE_AGE_DAYS} days from the price's day, which it names`, () => {
    expect(rateFor(book, 'USD', 'GBP', '2026-12-05')).toEqual({ stale: '2026-11-27' });
    expect(rateFor(book, 'USD', 'GBP', '2026-12-04')).toMatchObject({ source: 'ecb' });
    const old: RateBook = { manual: { CHF: { rate: 0.9, date: '2026-11-19' } }, reference: {} };
    expect(rateFor(old, 'CHF', 'GBP', '2026-11-27')).toEqual({ stale: '2026-11-19' });
    expect(rateFor(old, 'CHF', 'GBP', '2026-11-26')).toMatchObject({ rate: 0.9 });
    // A stale hand-set rate gives way to a usable reference rate.
    const both: RateBook = { ...book, manual: { USD: { rate: 0.5, date: '2026-10-01' } } };
    expect(rateFor(both, 'USD', 'GBP', '2026-11-27')).toMatchObject({ rate: 0.8, source: 'ecb' });
    expect(rateFor(book, 'JPY', 'GBP', '2026-11-27')).toBeNull();
  });

  it('converts to cents half up, and is said as screens and exports say it', () => {
    expect(convertAmount(25, 0.7812)).toBe(19.53);
    expect(convertAmount(10.005, 1)).toBe(10.01);
    expect(conversionText({ from_currency: 'USD', rate: 0.7812, rate_date: '2026-11-27' })).toBe(
      'converted from USD at 0.7812 on 2026-11-27',
    );
  });

  it("lists the newest reference day in the shop's currency", () => {
    expect(newestReference(book, 'GBP')).toEqual({
      date: '2026-11-27',
      rates: [
        { currency: 'EUR', rate: 0.832 },
        { currency: 'USD', rate: 0.8 },
      ],
    });
    expect(newestReference({ manual: {}, reference: {} }, 'GBP')).toBeNull();
  });
});

describe('hand-set rates', () => {
  const issue = (body: unknown) => exchangeRatesInputSchema.safeParse(body).error?.issues[0]?.message;
  it('are refused with the rule broken', () => {
    expect(issue({ rates: [{ currency: 'USD', rate: 0.78, date: '2026-11-27' }] })).toBeUndefined();
    expect(issue({ rates: [{ currency: 'usd', rate: 0.78, date: '2026-11-27' }] })).toBe(
      'A currency is three capital letters (ISO 4217), such as USD',
    );
    expect(issue({ rates: [{ currency: 'USD', rate: 0, date: '2026-11-27' }] })).toBe(
      'A rate must be a number above 0 and at most 1,000,000',
    );
    expect(issue({ rates: [{ currency: 'USD', rate: 1, date: '2026-02-30' }] })).toBe(
      'The rate date must be a date such as 2026-11-27',
    );
    const usd = { currency: 'USD', rate: 1, date: '2026-11-27' };
    expect(issue({ rates: [usd, usd] })).toBe('Each currency may have one rate only');
  });
});
