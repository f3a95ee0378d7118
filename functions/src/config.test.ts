import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';

/** Each test gets a fresh settings store: nothing provided, no section declared. */
let config: typeof import('./config');
beforeEach(async () => {
  vi.resetModules();
  config = await import('./config');
});
afterEach(() => vi.unstubAllEnvs());

describe('settings', () => {
  const shopSchema = z.object({ SHOP_CURRENCY: z.string().length(3) });
  const shopSection = () => config.settingsSection('shop', shopSchema);

  it('refuses to read a section before any settings were provided, saying what to do', () => {
    const shop = shopSection();

    expect(() => shop()).toThrow(/No settings were provided.*entry/);
  });

  it('validates a section on first use and keeps it until other settings are provided', () => {
    const shop = shopSection();
    const source = { SHOP_CURRENCY: 'EUR' };
    config.provideSettings(source);
    const first = shop();
    source.SHOP_CURRENCY = 'USD';

    expect(shop()).toBe(first);
    expect(first).toEqual({ SHOP_CURRENCY: 'EUR' });
    config.provideSettings({ SHOP_CURRENCY: 'GBP' });
    expect(shop()).toEqual({ SHOP_CURRENCY: 'GBP' });
  });

  it('gives an entry that reads its environment no host-only settings, whatever the environment says', () => {
    config.readEntrySettings({
      weakPasswordHashingForTests: 'true',
      WEAK_PASSWORD_HASHING_FOR_TESTS: 'true',
    });

    expect(config.hostOnlySettings()).toEqual({});
    config.provideSettings({}, { weakPasswordHashingForTests: true });
    expect(config.hostOnlySettings()).toEqual({ weakPasswordHashingForTests: true });
  });

  it('builds what a module keeps (a client) once per provided settings', () => {
    let built = 0;
    const client = config.perSettings(() => ({ id: ++built }));
    config.provideSettings({});

    expect(client()).toBe(client());
    config.provideSettings({});
    expect(client()).toEqual({ id: 2 });
  });

  it('lets an entry read the process environment when no host provided settings', () => {
    const shop = shopSection();
    vi.stubEnv('SHOP_CURRENCY', 'SEK');

    config.readEntrySettings(process.env);

    expect(shop().SHOP_CURRENCY).toBe('SEK');
  });

  it("keeps a host's settings when an entry loads after it provided them", () => {
    const shop = shopSection();
    vi.stubEnv('SHOP_CURRENCY', 'SEK');
    config.provideSettings({ SHOP_CURRENCY: 'NOK' });

    config.readEntrySettings(process.env);

    expect(shop().SHOP_CURRENCY).toBe('NOK');
  });

  it('fails an entry at load listing every problem of every section its code declared', () => {
    shopSection();
    config.settingsSection('table', z.object({ TABLE_NAME: z.string().min(1) }));

    expect(() => config.readEntrySettings({ SHOP_CURRENCY: 'pounds' })).toThrow(
      /Invalid shop configuration:\n {2}SHOP_CURRENCY: .*\nInvalid table configuration:\n {2}TABLE_NAME: /,
    );
  });

  it('refuses two different schemas under one section name', () => {
    shopSection();

    expect(shopSection).not.toThrow();
    expect(() => config.settingsSection('shop', z.object({}))).toThrow(/shop/);
  });
});
