import { describe, expect, it } from 'vitest';
import { apiEndpoint, parseWebConfig } from './web-config';

describe('parseWebConfig', () => {
  it('accepts the config the server writes', () => {
    expect(parseWebConfig({ apiUrl: '/api', shopCurrency: 'GBP' })).toEqual({
      apiUrl: '/api',
      shopCurrency: 'GBP',
    });
  });

  it('lists every missing or invalid key', () => {
    expect(() => parseWebConfig({ shopCurrency: 'pounds' })).toThrow(/apiUrl.*shopCurrency/);
  });

  it('rejects a document that is not an object', () => {
    expect(() => parseWebConfig('nope')).toThrow(/Invalid \/config\.json/);
  });
});

describe('apiEndpoint', () => {
  it('makes a path absolute on the page origin', () => {
    expect(apiEndpoint('/api', 'http://localhost:3000')).toBe('http://localhost:3000/api');
  });

  it('keeps an absolute URL and drops a trailing slash', () => {
    expect(apiEndpoint('https://api.example.com/v1/', 'http://localhost:3000')).toBe(
      'https://api.example.com/v1',
    );
  });
});
