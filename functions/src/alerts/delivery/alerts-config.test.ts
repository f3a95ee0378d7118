import { describe, expect, it } from 'vitest';
import { alertsConfigSchema, readConfig } from '../../config';

const read = (env: Record<string, string>) => readConfig('alerts', alertsConfigSchema, env);

describe('alerts settings', () => {
  it('require the app address, which every alert links to', () => {
    expect(() => read({})).toThrow(/APP_URL/);
    expect(() => read({ APP_URL: 'ftp://prices.example' })).toThrow(
      /APP_URL: the http\(s\) address of the app/,
    );
    expect(read({ APP_URL: 'https://prices.example' }).APP_URL).toBe('https://prices.example');
  });

  it('read the allowed local receivers as host:port pairs, none by default', () => {
    const base = { APP_URL: 'https://prices.example' };
    expect(read(base).ALERT_ALLOW_HOSTS).toEqual([]);
    expect(read({ ...base, ALERT_ALLOW_HOSTS: '127.0.0.1:4010, localhost:4011' }).ALERT_ALLOW_HOSTS).toEqual([
      '127.0.0.1:4010',
      'localhost:4011',
    ]);
  });

  it('leave the e-mail sender unset when empty', () => {
    expect(
      read({ APP_URL: 'https://prices.example', SES_FROM_ADDRESS: '' }).SES_FROM_ADDRESS,
    ).toBeUndefined();
    expect(() => read({ APP_URL: 'https://prices.example', SES_FROM_ADDRESS: 'not-an-address' })).toThrow(
      /SES_FROM_ADDRESS/,
    );
  });
});
