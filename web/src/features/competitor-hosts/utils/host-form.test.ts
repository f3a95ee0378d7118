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
};

describe('the host settings form', () => {
  it('sends the settings as numbers, without a proxy unless one is ticked', () => {
    expect(validateHostForm(values)).toEqual({
      ok: true,
      value: { fetch_mode: 'browser', render_wait_ms: 2500, spacing_seconds: 2.5, proxy: null },
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
