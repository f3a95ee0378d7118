import { isIP } from 'node:net';
import { perSettings } from '../config';
import { InvalidInputError } from '../domain/errors';
import { hostPortOf, isBlockedAddress } from '../scrape/fetch/address-policy';
import { scrapeSettings } from '../scrape/scrape.config';

/** Hosts in SCRAPER_ALLOW_HOSTS, as `host:port`. */
const allowHosts = perSettings(() => new Set(scrapeSettings().SCRAPER_ALLOW_HOSTS));

/** Names that only mean something inside a network, never a shop on the internet. */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa'];

/** A competitor URL before it is stored; hosts in SCRAPER_ALLOW_HOSTS (the local demo shop) pass. */
export const checkCompetitorUrl = (webUrl: string): string => checkPublicUrl(webUrl, allowHosts());

/**
 * Checks an address the server will send requests to (a competitor URL, an alert webhook) before it
 * is stored. It comes through the shared URL rules (an absolute http(s) address); here: no
 * credentials, and a public host name — not an IP literal in a private, loopback or link-local
 * range, not a single-label or internal name. `allowHosts` (`host:port`) are the one exception.
 * Returns the URL as the parser normalised it; the fetcher checks the resolved addresses again.
 */
export function checkPublicUrl(webUrl: string, allowHosts: ReadonlySet<string>): string {
  // Each refusal is about the form's `url` field.
  const about = { field: 'url' };
  const url = new URL(webUrl);
  if (url.username || url.password)
    throw new InvalidInputError('URL must not contain a user name or password', about);
  if (allowHosts.has(hostPortOf(url))) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isBlockedAddress(host))
      throw new InvalidInputError('URL must point to a public address, not a private one', about);
    return url.href;
  }
  const name = host.replace(/\.$/, '');
  if (
    !name.includes('.') ||
    INTERNAL_SUFFIXES.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix))
  ) {
    throw new InvalidInputError('URL must have a public host name', about);
  }
  return url.href;
}
