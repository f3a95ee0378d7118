import { describe, expect, it } from 'vitest';
import {
  ALERT_KINDS,
  alertChannelInputSchema,
  alertEventSettingsSchema,
  DEFAULT_ALERT_EVENTS,
  emailRecipients,
  thresholdOf,
} from './alerts';

describe('alert event settings', () => {
  it('defaults to every kind on at its default threshold', () => {
    expect(Object.keys(DEFAULT_ALERT_EVENTS)).toEqual([...ALERT_KINDS]);
    expect(thresholdOf(DEFAULT_ALERT_EVENTS, 'competitor_price_change')).toBe(5);
    expect(thresholdOf(DEFAULT_ALERT_EVENTS, 'below_margin_floor')).toBe(10);
    expect(thresholdOf(DEFAULT_ALERT_EVENTS, 'url_failing')).toBe(3);
    expect(alertEventSettingsSchema.safeParse(DEFAULT_ALERT_EVENTS).success).toBe(true);
  });

  it('refuses a threshold out of bounds, a threshold on a kind without one, and a kind left out', () => {
    const messages = (events: unknown) => {
      const parsed = alertEventSettingsSchema.safeParse(events);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(
      messages({ ...DEFAULT_ALERT_EVENTS, competitor_price_change: { enabled: true, threshold: 0 } }),
    ).toEqual(['competitor_price_change threshold must be from 0.1 to 1000']);
    expect(messages({ ...DEFAULT_ALERT_EVENTS, undercut: { enabled: true, threshold: 5 } })).toEqual([
      'undercut has no threshold',
    ]);
    const { url_failing: _left, ...partial } = DEFAULT_ALERT_EVENTS;
    expect(messages(partial)).not.toEqual([]);
  });
});

describe('channels', () => {
  it('reads e-mail recipients separated by commas or semicolons, and refuses anything not an address', () => {
    expect(emailRecipients(' buyer@shop.co.uk, pricing@shop.com;ops@shop.com ')).toEqual([
      'buyer@shop.co.uk',
      'pricing@shop.com',
      'ops@shop.com',
    ]);
    expect(emailRecipients('buyer@shop')).toBeNull();
    expect(emailRecipients('Buyer <buyer@shop.com>')).toBeNull();
    expect(emailRecipients(' , ')).toBeNull();
  });

  it('takes http(s) URLs for Slack and webhooks and says what is wrong otherwise', () => {
    const message = (channel: unknown) => {
      const parsed = alertChannelInputSchema.safeParse(channel);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message({ type: 'webhook', target: 'https://hooks.example.com/x', enabled: true })).toBeNull();
    expect(message({ type: 'slack', target: 'ftp://hooks.example.com/x', enabled: true })).toBe(
      'Please enter a valid URL',
    );
    expect(message({ type: 'email', target: 'not an address', enabled: true })).toBe(
      'Please enter up to 20 valid e-mail addresses, separated by commas',
    );
    expect(message({ type: 'email', target: '  ', enabled: true })).toBe('Channel target is required');
  });
});
