import { describe, expect, it } from 'vitest';
import { type HostFormValues, validateHostForm } from './host-form';

const values: HostFormValues = {
  fetchMode: 'browser',
  renderWaitMs: '2500',
  spacingSeconds: '2.5',
  useProxy: false,
  proxyUrl: '',
  proxyUsername: '',
  proxyPassword: '',
  shippingFlat: '',
  shippingFreeOver: '',
};

describe('the host settings form', () => {
  it('sends the settings as numbers, without a proxy unless one is ticked', () => {
    expect(validateHostForm(values)).toEqual({
      ok: true,
      value: {
        fetch_mode: 'browser',
        render_wait_ms: 2500,
        spacing_seconds: 2.5,
        proxy: null,
        shipping: null,
      },
    });
  });

  it('sends shipping as amounts, free over a price only when one is given', () => {
    expect(validateHostForm({ ...values, shippingFlat: '4.99', shippingFreeOver: '50' })).toMatchObject({
      ok: true,
      value: { shipping: { flat: 4.99, free_over: 50 } },
    });
    expect(validateHostForm({ ...values, shippingFlat: '3' })).toMatchObject({
      value: { shipping: { flat: 3, free_over: null } },
    });
    expect(validateHostForm({ ...values, shippingFlat: '-1' })).toEqual({
      ok: false,
      field: 'shipping.flat',
      error: 'Shipping must be an amount from 0 to 10,000 with at most 2 decimals',
    });
  });

  it('leaves an empty password out, so the stored one stays', () => {
    const proxy = { useProxy: true, proxyUrl: ' http://proxy.example.com:3128 ', proxyUsername: 'shopper' };
    expect(validateHostForm({ ...values, ...proxy })).toMatchObject({
      ok: true,
      value: { proxy: { url: 'http://proxy.example.com:3128', username: 'shopper' } },
    });
    expect(validateHostForm({ ...values, ...proxy, proxyPassword: 'secret' })).toMatchObject({
      value: { proxy: { password: 'secret' } },
    });
  });

  it('says what the server would of a value out of its bounds, naming the field', () => {
    expect(validateHostForm({ ...values, renderWaitMs: '' })).toEqual({
      ok: false,
      error: 'The render wait must be a whole number of milliseconds from 0 to 15000',
      field: 'render_wait_ms',
    });
    expect(validateHostForm({ ...values, spacingSeconds: '0.5' })).toMatchObject({
      ok: false,
      error: 'The spacing must be from 1 to 600 seconds',
      field: 'spacing_seconds',
    });
    expect(validateHostForm({ ...values, useProxy: true, proxyUrl: 'socks5://proxy:1080' })).toMatchObject({
      ok: false,
      field: 'proxy.url',
    });
  });
});
