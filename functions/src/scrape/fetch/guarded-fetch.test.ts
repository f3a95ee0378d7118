import { describe, expect, it } from 'vitest';
import { mappedResolver } from './connection-guard';
import { BlockedError } from './fetch-errors';
import { guardedLookup, type ResolveAll } from './guarded-fetch';

describe('guardedLookup', () => {
  /** A resolver answering every name with the given addresses, as DNS would for a rebinding host. */
  const answering =
    (...addresses: string[]): ResolveAll =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  function lookupWith(allowed: boolean, resolveAll: ResolveAll, all = false) {
    return new Promise<{ error: Error | null; result: unknown }>((done) => {
      guardedLookup(allowed, resolveAll)('shop.example', { all }, (error, result) => done({ error, result }));
    });
  }

  it('refuses a name whose answers mix a public and a private address', async () => {
    const { error } = await lookupWith(false, answering('93.184.216.34', '127.0.0.1'));
    expect(error).toBeInstanceOf(BlockedError);
    expect(error?.message).toBe('Blocked: address is private');
  });

  it('refuses a name that resolves to an IPv6 metadata address', async () => {
    const { error } = await lookupWith(false, answering('2606:4700:4700::1111', 'fd00:ec2::254'));
    expect(error?.message).toBe('Blocked: address is private');
  });

  it('connects to public answers, one or all as the socket asks', async () => {
    const resolveAll = answering('93.184.216.34', '2606:4700:4700::1111');
    expect(await lookupWith(false, resolveAll)).toEqual({ error: null, result: '93.184.216.34' });
    expect(await lookupWith(false, resolveAll, true)).toEqual({
      error: null,
      result: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
    });
  });

  it('lets an allowed host:port resolve to loopback', async () => {
    expect(await lookupWith(true, answering('127.0.0.1'))).toEqual({ error: null, result: '127.0.0.1' });
  });
});

describe('mappedResolver', () => {
  const dns: ResolveAll = (hostname, _options, callback) =>
    callback(null, [{ address: hostname === 'shop.example' ? '93.184.216.34' : '10.9.9.9', family: 4 }]);
  const resolve = (resolveAll: ResolveAll, hostname: string) =>
    new Promise<unknown>((done) => {
      resolveAll(hostname, { all: true }, (error, addresses) => done(error ?? addresses));
    });

  it('answers a mapped name with its address, in any case, without asking DNS', async () => {
    const resolveAll = mappedResolver(new Map([['brightway.localhost', '127.0.0.1']]), dns);

    expect(await resolve(resolveAll, 'Brightway.LOCALHOST')).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('asks DNS for every other name', async () => {
    const resolveAll = mappedResolver(new Map([['brightway.localhost', '::1']]), dns);

    expect(await resolve(resolveAll, 'shop.example')).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await resolve(resolveAll, 'hearth.localhost')).toEqual([{ address: '10.9.9.9', family: 4 }]);
  });

  it('leaves the mapped address to the guard: refused unless the host:port is allowed', async () => {
    const resolveAll = mappedResolver(new Map([['brightway.localhost', '::1']]), dns);
    const lookup = (allowed: boolean) =>
      new Promise<{ error: Error | null; result: unknown }>((done) => {
        guardedLookup(allowed, resolveAll)('brightway.localhost', {}, (error, result) =>
          done({ error, result }),
        );
      });

    expect((await lookup(false)).error).toBeInstanceOf(BlockedError);
    expect(await lookup(true)).toEqual({ error: null, result: '::1' });
  });
});
