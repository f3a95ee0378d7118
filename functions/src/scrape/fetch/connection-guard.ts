/**
 * The connection guard every server-side request goes through (the page fetcher, alert webhooks):
 * http(s) only, address literals checked before connecting and every resolved address checked inside
 * the connection's own DNS lookup, so DNS rebinding cannot slip a private address in. An allow-list
 * of host:port pairs (local receivers, test servers) is the only way past the address checks.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { hostPortOf, isBlockedAddress } from './address-policy';
import { BlockedError } from './fetch-errors';

/**
 * Refuses schemes other than http(s) and IP literals in blocked ranges (the URL parser has already
 * turned '2130706433' and '0x7f.1' into 127.0.0.1). Returns true when the host:port is on the allow
 * list, which is the only way past the address checks.
 */
export function checkTarget(url: URL, allowHosts: ReadonlySet<string>): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BlockedError('Blocked: only http and https');
  if (allowHosts.has(hostPortOf(url))) return true;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isBlockedAddress(literal)) throw new BlockedError();
  return false;
}

/** Resolves every address of a host name (node's dns.lookup with `all: true`). */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A resolver that answers the mapped names itself (SCRAPER_HOST_MAP: the local demo's shop hosts)
 * and asks `resolveAll` for every other name. What it answers is checked like any DNS answer.
 *
 * @example guardedLookup(allowed, mappedResolver(new Map([['brightway.localhost', '127.0.0.1']])))
 */
export function mappedResolver(
  hostMap: ReadonlyMap<string, string>,
  resolveAll: ResolveAll = dnsLookup,
): ResolveAll {
  if (hostMap.size === 0) return resolveAll;
  return (hostname, options, callback) => {
    const address = hostMap.get(hostname.toLowerCase());
    if (address === undefined) return resolveAll(hostname, options, callback);
    callback(null, [{ address, family: isIP(address) }]);
  };
}

/**
 * DNS lookup for the connection itself: the addresses it connects to are the ones checked, and one
 * blocked address among the answers refuses them all (a rebinding name may mix public and private).
 *
 * @example http.request(url, { agent: false, lookup: guardedLookup(false) })
 */
export function guardedLookup(allowed: boolean, resolveAll: ResolveAll = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, { family: options.family, hints: options.hints, all: true }, (error, list) => {
      if (error) return callback(error, '', 0);
      if (!allowed && (list.length === 0 || list.some((a) => isBlockedAddress(a.address)))) {
        return callback(Object.assign(new BlockedError(), { code: 'EBLOCKED' }), '', 0);
      }
      const first = list[0];
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/**
 * Refuses a host name that resolves to a blocked address without connecting to it: the check for a
 * target reached through a proxy, which resolves the name itself.
 */
export function checkResolvedName(hostname: string, resolveAll: ResolveAll = dnsLookup): Promise<void> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    guardedLookup(false, resolveAll)(literal, { all: true }, (error) => (error ? reject(error) : resolve()));
  });
}
