import { describe, expect, it } from 'vitest';
import { validateRates } from './rates-form';

describe('the exchange rates form', () => {
  it('sends each row as a rate, the currency in capitals', () => {
    expect(validateRates([{ currency: ' usd', rate: '0.7812', date: '2026-11-27' }])).toEqual({
      ok: true,
      value: [{ currency: 'USD', rate: 0.7812, date: '2026-11-27' }],
    });
    expect(validateRates([])).toEqual({ ok: true, value: [] });
  });

  it('says what is wrong with a row, naming its field', () => {
    expect(validateRates([{ currency: 'USD', rate: '', date: '2026-11-27' }])).toEqual({
      ok: false,
      field: 'rates.0.rate',
      error: 'A rate must be a number above 0 and at most 1,000,000',
    });
    expect(validateRates([{ currency: 'USD', rate: '1', date: '27/11/2026' }])).toMatchObject({
      field: 'rates.0.date',
    });
  });
});
