import { type AlertSettings, DEFAULT_ALERT_EVENTS } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  checkNewChannel,
  lastDeliveryText,
  secretHintText,
  settingsFormValues,
  validateSettingsForm,
} from './settings-form';

const settings: AlertSettings = {
  events: { ...DEFAULT_ALERT_EVENTS, now_cheapest: { enabled: false } },
  channels: [
    {
      id: 'hook-1',
      type: 'webhook',
      target: 'https://hooks.example.com/prices',
      enabled: true,
      secret_hint: '9f3c',
      last_delivery: null,
    },
  ],
};

describe('the alert settings form', () => {
  it('sends back what it was given when nothing changed (saved channels by id)', () => {
    expect(validateSettingsForm(settingsFormValues(settings))).toEqual({
      ok: true,
      input: {
        events: settings.events,
        channels: [
          { id: 'hook-1', type: 'webhook', target: 'https://hooks.example.com/prices', enabled: true },
        ],
      },
    });
  });

  it('sends an emptied threshold as none (the default applies) and a typed one as a number', () => {
    const values = settingsFormValues(settings);
    values.events.competitor_price_change.threshold = ' ';
    values.events.url_failing.threshold = '4';
    const result = validateSettingsForm(values);
    expect(result.ok && result.input.events.competitor_price_change).toEqual({ enabled: true });
    expect(result.ok && result.input.events.url_failing).toEqual({ enabled: true, threshold: 4 });
  });

  it("refuses a threshold out of its bounds with the shared schema's message, on that threshold", () => {
    const values = settingsFormValues(settings);
    values.events.competitor_price_change.threshold = '0';
    expect(validateSettingsForm(values)).toEqual({
      ok: false,
      errors: {
        'events.competitor_price_change.threshold':
          'competitor_price_change threshold must be from 0.1 to 1000',
      },
    });
  });

  it('refuses a threshold that is not a number, naming it', () => {
    const values = settingsFormValues(settings);
    values.events.below_margin_floor.threshold = '1e';
    expect(validateSettingsForm(values)).toEqual({
      ok: false,
      errors: { 'events.below_margin_floor.threshold': 'Margin floor (% of cost) must be a number' },
    });
  });

  it('refuses more than 20 channels', () => {
    const values = settingsFormValues(settings);
    values.channels = Array.from({ length: 21 }, (_, index) => ({
      key: `new-${index}`,
      type: 'email' as const,
      target: 'ops@shop.com',
      enabled: true,
    }));
    expect(validateSettingsForm(values)).toEqual({ ok: false, errors: { channels: 'At most 20 channels' } });
  });
});

describe('a channel to add', () => {
  it('takes comma-separated e-mail addresses and an http(s) URL', () => {
    expect(checkNewChannel('email', 'a@shop.com, b@shop.com')).toEqual({
      ok: true,
      channel: { type: 'email', target: 'a@shop.com, b@shop.com', enabled: true },
    });
    expect(checkNewChannel('webhook', ' https://hooks.example.com/x ')).toMatchObject({
      ok: true,
      channel: { target: 'https://hooks.example.com/x' },
    });
  });

  it("refuses a bad target with the shared schema's message", () => {
    expect(checkNewChannel('slack', 'hooks.slack.com/x')).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
    });
    expect(checkNewChannel('email', 'ops at shop')).toEqual({
      ok: false,
      error: 'Please enter up to 20 valid e-mail addresses, separated by commas',
    });
    expect(checkNewChannel('webhook', '')).toEqual({ ok: false, error: 'Channel target is required' });
  });
});

describe("a channel's state", () => {
  it("shows a webhook's secret as its last 4 characters only", () => {
    expect(secretHintText('9f3c')).toBe('••••9f3c');
    expect(secretHintText(null)).toBeNull();
  });

  it('says a channel whose last delivery failed is failing, with the message', () => {
    expect(lastDeliveryText({ at: '2026-11-26T06:00:00Z', ok: false, message: 'HTTP 500' })).toMatchObject({
      failing: true,
      text: expect.stringMatching(/^Failing: HTTP 500 \(Nov 26, 2026/),
    });
    expect(lastDeliveryText({ at: '2026-11-26T06:00:00Z', ok: true, message: 'HTTP 200' })).toMatchObject({
      failing: false,
      text: expect.stringMatching(/^Delivered Nov 26, 2026/),
    });
    expect(lastDeliveryText(null)).toEqual({ failing: false, text: 'No delivery yet' });
  });
});
