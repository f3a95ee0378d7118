/** The demo origin's robots.txt: everything is allowed except Brightway's trade-account area. */
import { ROBOTS_DISALLOWED_PREFIX } from '../demo-pages';

export function robotsTxt(): string {
  return [
    '# Trade prices are for account holders only.',
    'User-agent: *',
    `Disallow: ${ROBOTS_DISALLOWED_PREFIX}`,
    '',
  ].join('\n');
}
