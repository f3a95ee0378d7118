import { describe, expect, it } from 'vitest';
import { canonicalAmount, normaliseCurrency, parseMachinePrice, parsePrice } from './price-parse';

describe('parsePrice', () => {
  it.each([
    ['£1,299.99', '1299.99', 'GBP'],
    ['1.234,56 €', '1234.56', 'EUR'],
    ['1 299 Kč', '1299', 'CZK'],
    ['CHF 12.–', '12', 'CHF'],
    ['US$ 12', '12', 'USD'],
    ['12,-', '12', null],
    ['1.299,-', '1299', null],
    ['1\u00a0299,00\u00a0€', '1299.00', 'EUR'],
    ['1\u202f299,00 €', '1299.00', 'EUR'],
    ['1\u2009299,00 zł', '1299.00', 'PLN'],
    ["CHF 1'299.50", '1299.50', 'CHF'],
    ['€ 0,99', '0.99', 'EUR'],
    ['₹1,23,456.00', '123456.00', 'INR'],
    ['R$ 1.759,99', '1759.99', 'BRL'],
    ['30,000원', '30000', 'KRW'],
    ['12.99 EUR', '12.99', 'EUR'],
    ['EUR12.99', '12.99', 'EUR'],
    ['0.125', '0.125', null],
    ['1.299', '1299', null],
  ])('reads %s as %s %s', (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency });
  });

  it('resolves $ and kr from the page country and says so when it cannot', () => {
    expect(parsePrice('$12', { country: 'CA' })).toEqual({ amount: '12', currency: 'CAD' });
    expect(parsePrice('$12', { country: 'TW' })?.currency).toBe('TWD');
    expect(parsePrice('$12', { country: 'GB' })?.currency).toBeNull();
    expect(parsePrice('99 kr', { country: 'SE' })?.currency).toBe('SEK');
    expect(parsePrice('99 kr', { country: 'NO' })?.currency).toBe('NOK');
    expect(parsePrice('99 kr')?.currency).toBeNull();
    expect(parsePrice('Rs 23,450', { country: 'PK' })).toEqual({ amount: '23450', currency: 'PKR' });
  });

  it.each([
    ['', 'empty'],
    ['Add to basket', 'no number'],
    ['£10 - £20', 'a range'],
    ['was £10 now £8', 'two prices'],
    ['M-212 150.00€', 'a model number next to a price'],
    ['12 99', 'digits split by a space that is not grouping'],
    ['12,34,5 €', 'broken grouping'],
  ])('cannot tell from %j (%s)', (text) => {
    expect(parsePrice(text)).toBeNull();
  });

  it('does not read letters inside words as currencies', () => {
    expect(parsePrice('soft 12')?.currency).toBeNull();
    expect(parsePrice('12 Ft')?.currency).toBe('HUF');
  });
});

describe('parseMachinePrice', () => {
  it('keeps schema.org values exact, with the dot as decimal separator', () => {
    expect(parseMachinePrice('23.450')).toEqual({ amount: '23.450', currency: null });
    expect(parseMachinePrice(12.5)).toEqual({ amount: '12.5', currency: null });
    expect(parseMachinePrice('0.10')?.amount).toBe('0.10');
  });

  it('falls back to display parsing for shops that put a display string there', () => {
    expect(parseMachinePrice('1.299,00 €')).toEqual({ amount: '1299.00', currency: 'EUR' });
  });

  it.each([[-1], [Number.POSITIVE_INFINITY], [Number.NaN], ['abc'], [null], [{ price: 1 }]])(
    'rejects %j',
    (value) => {
      expect(parseMachinePrice(value)).toBeNull();
    },
  );
});

describe('canonicalAmount and normaliseCurrency', () => {
  it('compares amounts as decimals', () => {
    expect(canonicalAmount('45.00')).toBe('45');
    expect(canonicalAmount('45.50')).toBe('45.5');
    expect(canonicalAmount('007.10')).toBe('7.1');
  });

  it('reads codes and symbols but not arbitrary text', () => {
    expect(normaliseCurrency('eur')).toBe('EUR');
    expect(normaliseCurrency('€')).toBe('EUR');
    expect(normaliseCurrency('Kč')).toBe('CZK');
    expect(normaliseCurrency('dollars and more text')).toBeNull();
    expect(normaliseCurrency(42)).toBeNull();
  });
});
