import { describe, expect, it } from 'vitest';
import { type CheckOutcomeKind, countByOutcome } from './check-outcome';
import { HOST_HINTS, hostHint, hostOf, hostSettingsInputSchema, successRate } from './competitor-hosts';

const counts = (of: Partial<Record<CheckOutcomeKind, number>>) => ({
  ...countByOutcome([]),
  ...of,
});

describe('a competitor host', () => {
  it('is the host name in lower case, without the port', () => {
    expect(hostOf('https://Shop.Example.COM:8443/p/1?x=1')).toBe('shop.example.com');
    expect(hostOf('not a url')).toBe('');
  });

  it('has a success rate of its ok checks to 1 decimal, and none before a check', () => {
    expect(successRate(counts({ ok: 2, failed: 1 }))).toBe(66.7);
    expect(successRate(counts({}))).toBeNull();
    expect(successRate(null)).toBeNull();
  });

  it('gets a hint from what most of its failed checks were, only while it does badly', () => {
    const plain = { fetch_mode: 'plain', escalated: false } as const;
    expect(hostHint(counts({ ok: 8, blocked: 2 }), plain)).toBeNull();
    expect(hostHint(counts({ ok: 1, blocked: 3, failed: 1 }), plain)).toBe(HOST_HINTS.refused);
    expect(hostHint(counts({ no_price: 5 }), plain)).toBe(HOST_HINTS.switchToBrowser);
    expect(hostHint(counts({ no_price: 5 }), { fetch_mode: 'browser', escalated: false })).toBe(
      HOST_HINTS.waitLonger,
    );
    expect(hostHint(counts({ no_price: 5 }), { fetch_mode: 'auto', escalated: true })).toBe(
      HOST_HINTS.waitLonger,
    );
    expect(hostHint(counts({ failed: 2, wrong_product: 1 }), plain)).toBe(HOST_HINTS.unreachable);
    expect(hostHint(counts({ wrong_product: 2 }), plain)).toBe(HOST_HINTS.wrongProduct);
    expect(hostHint(counts({ review: 2 }), plain)).toBe(HOST_HINTS.review);
    expect(hostHint(null, plain)).toBeNull();
  });

  it('takes settings within their bounds, and a proxy only as an address with its credentials apart', () => {
    const settings = { fetch_mode: 'auto', render_wait_ms: 0, spacing_seconds: 1, proxy: null };
    const proxy = { url: 'https://proxy.example.com:8443', username: 'u', password: 'p' };
    expect(hostSettingsInputSchema.safeParse(settings).success).toBe(true);
    expect(hostSettingsInputSchema.safeParse({ ...settings, proxy }).success).toBe(true);
    for (const url of [
      'ftp://proxy.example.com',
      'http://u:p@proxy.example.com',
      'http://proxy.example.com/path',
      'nope',
    ])
      expect(hostSettingsInputSchema.safeParse({ ...settings, proxy: { ...proxy, url } }).success, url).toBe(
        false,
      );
    expect(hostSettingsInputSchema.safeParse({ ...settings, render_wait_ms: 15_001 }).success).toBe(false);
    expect(hostSettingsInputSchema.safeParse({ ...settings, spacing_seconds: 601 }).success).toBe(false);
    expect(hostSettingsInputSchema.safeParse({ ...settings, extra: 1 }).success).toBe(false);
  });
});
