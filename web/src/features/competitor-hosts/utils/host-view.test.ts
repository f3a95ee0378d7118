import { type CompetitorHost, countByOutcome } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import {
  fetchModeText,
  hostsQueryParams,
  isFailing,
  medianText,
  parseHostsQuery,
  shippingText,
  sortHosts,
  successText,
} from './host-view';

const host = (name: string, of: Partial<CompetitorHost> = {}): CompetitorHost => ({
  host: name,
  url_count: 1,
  outcome_counts: countByOutcome(['ok']),
  success_rate: 100,
  median_check_ms: 1000,
  fetch_mode: 'auto',
  escalated: false,
  render_wait_ms: 0,
  spacing_seconds: 1,
  proxy: null,
  shipping: null,
  hint: null,
  ...of,
});

describe('the competitor hosts list', () => {
  const hosts = [
    host('b.example', { url_count: 5, success_rate: 40, hint: 'Switch to browser' }),
    host('a.example', { url_count: 2, success_rate: null, median_check_ms: null, outcome_counts: null }),
    host('c.example', { url_count: 5, success_rate: 90.5 }),
  ];
  const names = (sorted: CompetitorHost[]) => sorted.map((h) => h.host);

  it('sorts by host name, or by a column with ties by name and hosts without the figure last', () => {
    expect(names(sortHosts(hosts, null))).toEqual(['a.example', 'b.example', 'c.example']);
    expect(names(sortHosts(hosts, { column: 'urls', direction: 'desc' }))).toEqual([
      'b.example',
      'c.example',
      'a.example',
    ]);
    expect(names(sortHosts(hosts, { column: 'success', direction: 'asc' }))).toEqual([
      'b.example',
      'c.example',
      'a.example',
    ]);
    expect(names(sortHosts(hosts, { column: 'success', direction: 'desc' }))).toEqual([
      'c.example',
      'b.example',
      'a.example',
    ]);
  });

  it('shows its figures in words', () => {
    expect(successText(hosts[2] as CompetitorHost)).toBe('90.5%');
    expect(successText(hosts[1] as CompetitorHost)).toBe('Not checked yet');
    expect(medianText(host('x', { median_check_ms: 1234 }))).toBe('1.2 s');
    expect(medianText(hosts[1] as CompetitorHost)).toBe('—');
    expect(fetchModeText({ fetch_mode: 'auto', escalated: true })).toBe('Automatic (browser)');
    expect(fetchModeText({ fetch_mode: 'plain', escalated: true })).toBe('Plain page');
    expect(hosts.filter(isFailing).map((h) => h.host)).toEqual(['b.example']);
  });

  it('keeps the filter and the sort in the address, and ignores what it does not know', () => {
    const query = { failingOnly: true, sort: { column: 'median', direction: 'desc' } } as const;
    expect(hostsQueryParams(query).toString()).toBe('show=failing&sort=median&order=desc');
    expect(parseHostsQuery(hostsQueryParams(query))).toEqual(query);
    expect(parseHostsQuery(new URLSearchParams('sort=nonsense&show=all'))).toEqual({
      failingOnly: false,
      sort: null,
    });
  });
});

describe("a host's shipping", () => {
  const money = (amount: number) => `£${amount.toFixed(2)}`;
  it('says the flat amount, and from which price it is free', () => {
    expect(shippingText({ flat: 4.99, free_over: 50 }, money)).toBe('£4.99 per order, free from £50.00');
    expect(shippingText({ flat: 4.99, free_over: null }, money)).toBe('£4.99 per order');
    expect(shippingText({ flat: 0, free_over: null }, money)).toBe('Free');
    expect(shippingText(null, money)).toBe('Not known');
  });
});
