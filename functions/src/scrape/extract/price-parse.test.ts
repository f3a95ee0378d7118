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
    ['12€99', '12.99', 'EUR'],
    ['12,50 TL', '12.50', 'TRY'],
    ['RM 12.90', '12.90', 'MYR'],
    ['₦12,500', '12500', 'NGN'],
    ['KSh 1,200', '1200', 'KES'],
    ['1 299€99', '1299.99', 'EUR'],
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

  it.each([
    ['.99', '0.99', null],
    ['$.99', '0.99', 'USD'],
    ['€.50', '0.50', 'EUR'],
    ['€ .50', '0.50', 'EUR'],
    [',50 €', '0.50', 'EUR'],
    ['$..75', '0.75', 'USD'],
    ['..75', '0.75', null],
    ['€..99', '0.99', 'EUR'],
  ])('reads a leading decimal point as one: %s is %s %s', (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency });
  });

  it.each([
    [',5 €', 'a leading comma before one digit'],
    [',500 €', 'a leading comma before three digits'],
    ['.99.5', 'a second decimal point'],
  ])('cannot tell a leading separator in %j (%s)', (text) => {
    expect(parsePrice(text)).toBeNull();
  });

  it('does not take a currency abbreviation ending in a dot for a decimal point', () => {
    expect(parsePrice('Fr.12')).toEqual({ amount: '12', currency: 'CHF' });
    expect(parsePrice('Rs.1,550', { country: 'IN' })).toEqual({ amount: '1550', currency: 'INR' });
  });

  it.each([
    ['Price: £12.99', '12.99', 'GBP'],
    ['Now £8.00', '8.00', 'GBP'],
    ['from £10', '10', 'GBP'],
    ['ab 29 €', '29', 'EUR'],
    ['was £10', '10', 'GBP'],
    ['EUR 17.90', '17.90', 'EUR'],
    ['17,90 EUR', '17.90', 'EUR'],
    ['¥1,200', '1200', 'JPY'],
    ['1.550.000 Rp', '1550000', 'IDR'],
    ['Rp 1.550.000', '1550000', 'IDR'],
    ['kr 99,-', '99', null],
    ['99:-', '99', null],
    ['Cena: 14,90 €', '14.90', 'EUR'],
    ['£12.99 each', '12.99', 'GBP'],
    ['£2,024', '2024', 'GBP'],
    ['€ 1999', '1999', 'EUR'],
    ['12 Ft', '12', 'HUF'],
    ['Save £5', '5', 'GBP'],
    ['£9.99 delivery', '9.99', 'GBP'],
    ['£12.99 free delivery', '12.99', 'GBP'],
    ['£12.99 In stock', '12.99', 'GBP'],
    ['£12.99 Sold by Shopname', '12.99', 'GBP'],
    ['£12 in store', '12', 'GBP'],
    ['£12.99 + shipping', '12.99', 'GBP'],
    ['£12.99 inc. VAT / free delivery', '12.99', 'GBP'],
    ['Value pack £12.99', '12.99', 'GBP'],
  ])('still reads %s as %s %s', (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency });
  });

  it('still reads Rs. with the page country', () => {
    expect(parsePrice('Rs. 1,550', { country: 'IN' })).toEqual({ amount: '1550', currency: 'INR' });
  });

  it.each([
    // Percentages.
    ['20%'],
    ['20 %'],
    ['-20%'],
    ['save 15%'],
    ['15 % Rabatt'],
    // Dates and years.
    ['2024'],
    ['March 2024'],
    ['12 May'],
    ['Juni 2025'],
    ['15 août'],
    ['12 de diciembre'],
    ['12/05/2024'],
    ['2024-05-12'],
    ['Q3 2024'],
    // Durations and times of day.
    ['Ends in 2 days'],
    ['Dispatched in 24h'],
    ['Order by 3pm'],
    ['Lieferung in 3 Tagen'],
    ['livraison sous 48 heures'],
    // Ordinals, identifiers and ratings.
    ['1st'],
    ['No. 5'],
    ['SKU 12345'],
    ['v2.0'],
    ['Tel 0800 123 456'],
    ['0800 123 456'],
    ['Rated 4.8'],
    ['4.8 stars'],
    ['Earn 120 points'],
    // Quantities.
    ['3 items'],
    ['Qty: 3'],
    ['x2'],
    ['2 x'],
    ['2×'],
    ['pack of 6'],
    ['6 pcs'],
    ['3 Stück'],
    ['2 uds'],
    ['10 szt.'],
    ['Only 2 left'],
    ['Menge: 4'],
    ['6 pack'],
    ['3 in stock'],
    ['(12 reviews)'],
    ['250 sold'],
    // Sizes and unit measures.
    ['500 ml'],
    ['1,5 l'],
    ['2 kg'],
    ['250g'],
    ['16 oz'],
    ['10 cm'],
    ['15"'],
    ['27 in'],
    ['6 ft'],
    ['64 GB'],
    ['5000 mAh'],
    ['100 W'],
    ['1080 px'],
    ['size 42'],
    ['EU 42'],
    ['Größe 38'],
    // Unit prices.
    ['£2.50/kg'],
    ['12,90 € / kg'],
    ['£2.50 per 100 g'],
    ['€1.20 per kg'],
    // Minimum orders and free-shipping thresholds.
    ['Min. order £20'],
    ['Minimum order: €15'],
    ['Free shipping over £50'],
    ['Free delivery from €29'],
    ['Free delivery on orders over €29'],
    ['orders over $35'],
    ['spend £40'],
    ['Free UK delivery on £25+'],
    ['versandkostenfrei ab 29 €'],
    ['Mindestbestellwert 20 €'],
    ['Mindestbestellmenge 2'],
    ['commande minimum 3'],
    ['мин. заказ: 1'],
    ['Минимальный заказ: 3'],
    ['мін. замовлення 2'],
    ['MOQ: 50'],
    ['最低注文数: 2'],
    ['起订量 10'],
    ['livraison gratuite dès 29 €'],
    ['envío gratis a partir de 29 €'],
    ['spedizione gratuita da 39 €'],
    ['gratis verzending vanaf € 20'],
    ['frete grátis acima de R$ 199'],
    ['darmowa dostawa od 99 zł'],
    // Amounts in thousands or millions ('£1.5k'): not a shop price as written.
    ['£1.5k'],
    ['$2K'],
    ['€3 Mio.'],
    ['$1.2 million'],
    ['£2bn'],
    // Instalments.
    ['4 x £12.50'],
    ['£12/month'],
    ['£12 per month'],
    ['£12/mo'],
    ['12 months at'],
    ['ab 15 € monatlich'],
    ['29 € / mois'],
  ])('abstains on %j, which is not clearly one price', (text) => {
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
