import { describe, expect, it } from 'vitest';
import { countryFromUrl } from './page-country';

describe('countryFromUrl', () => {
  it.each([
    ['https://www.argos.co.uk/product/1', 'GB'],
    ['https://www.mobly.com.br/x', 'BR'],
    ['https://www.bestbuy.ca/en-ca/product/1', 'CA'],
    ['https://i3fresh.tw/favorable_1409.html', 'TW'],
    ['https://www.amazon.com/dp/1', null],
    ['https://shop.example.io/p', null],
    ['http://127.0.0.1:4000/p', null],
    ['not a url', null],
  ])('%s → %s', (url, country) => {
    expect(countryFromUrl(url)).toBe(country);
  });
});
