// What the Competitor hosts page shows of a host (docs/screens.md#15-competitor-hosts-page): its
// figures in words, the failing filter and the columns' sort.
import { type CompetitorHost, type FetchMode, sortByKey, type TableSort } from '@cmp/shared';

export type HostColumn = 'host' | 'urls' | 'success' | 'median' | 'mode';

export const FETCH_MODE_LABELS: Record<FetchMode, string> = {
  auto: 'Automatic',
  plain: 'Plain page',
  browser: 'Browser',
};

/** The fetch mode in words; an automatic host that needed the browser says so. */
export const fetchModeText = (host: Pick<CompetitorHost, 'fetch_mode' | 'escalated'>) =>
  host.fetch_mode === 'auto' && host.escalated ? 'Automatic (browser)' : FETCH_MODE_LABELS[host.fetch_mode];

export const successText = (host: CompetitorHost) =>
  host.success_rate === null ? 'Not checked yet' : `${host.success_rate.toFixed(1)}%`;

export const medianText = (host: CompetitorHost) =>
  host.median_check_ms === null ? '—' : `${(host.median_check_ms / 1000).toFixed(1)} s`;

/** A host with a hint: its last run went badly (the 'Failing' filter). */
/** '£4.99 per order, free from £50.00', or 'Not known'. */
export function shippingText(
  shipping: CompetitorHost['shipping'],
  format: (amount: number) => string,
): string {
  if (!shipping) return 'Not known';
  if (shipping.flat === 0) return 'Free';
  const free = shipping.free_over === null ? '' : `, free from ${format(shipping.free_over)}`;
  return `${format(shipping.flat)} per order${free}`;
}

export const isFailing = (host: CompetitorHost) => host.hint !== null;

const keyOf: Record<HostColumn, (host: CompetitorHost) => string | number | null> = {
  host: (host) => host.host,
  urls: (host) => host.url_count,
  success: (host) => host.success_rate,
  median: (host) => host.median_check_ms,
  mode: (host) => fetchModeText(host),
};

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/** The hosts in the sort's order, hosts without the figure last, ties by host name; by host name without a sort. */
export function sortHosts(
  hosts: readonly CompetitorHost[],
  sort: TableSort<HostColumn> | null,
): CompetitorHost[] {
  const byName = sortByKey(hosts, keyOf.host, 'asc', compare);
  return sort ? sortByKey(byName, keyOf[sort.column], sort.direction, compare) : byName;
}

/** The page's address query: `?show=failing&sort=<column>&order=asc|desc`. */
export interface HostsQuery {
  failingOnly: boolean;
  sort: TableSort<HostColumn> | null;
}

const COLUMNS: readonly HostColumn[] = ['host', 'urls', 'success', 'median', 'mode'];

export function parseHostsQuery(params: URLSearchParams): HostsQuery {
  const column = params.get('sort') as HostColumn | null;
  const sort =
    column && COLUMNS.includes(column)
      ? { column, direction: params.get('order') === 'desc' ? ('desc' as const) : ('asc' as const) }
      : null;
  return { failingOnly: params.get('show') === 'failing', sort };
}

export function hostsQueryParams(query: HostsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.failingOnly) params.set('show', 'failing');
  if (query.sort) {
    params.set('sort', query.sort.column);
    params.set('order', query.sort.direction);
  }
  return params;
}
