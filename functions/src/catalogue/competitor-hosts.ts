import {
  ADMINS_ONLY_HOST_SETTINGS,
  type CompetitorHost,
  DEFAULT_HOST_SETTINGS,
  type HostSettingsInput,
  hostHint,
  hostOf,
  type OutcomeCounts,
  PASSWORD_HINT_CHARACTERS,
  type PublicUser,
  type Shipping,
  SUCCESS_RATE_RUNS,
  successRate,
} from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { readComparisonInputs, saveComparisonInputs } from '../data/catalogue-version.repository';
import {
  getHostSettings,
  type HostSettingsRecord,
  listHostSettings,
  putHostSettings,
} from '../data/host-settings.repository';
import { type RunHostStats, runHostStats } from '../data/run-host-stats.repository';
import { latestRuns } from '../data/scrape-run.repository';
import { InvalidInputError, NotFoundError } from '../domain/errors';
import { deleteProxyPassword, storeProxyPassword } from '../lib/proxy-secrets';
import { catalogueRecords } from './catalogue-records';

/**
 * The Competitor hosts (docs/rules.md#23-competitor-hosts): every host the competitor URLs are on,
 * how its checks went in its last runs, its fetch settings, and what to do when it fails.
 */

/** How many competitor URLs each host has, from the catalogue's URLs (the kept ones in a cached build). */
export async function countUrlsByHost(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const url of await catalogueRecords().urls()) {
    const host = hostOf(url.url);
    counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  return counts;
}

/**
 * The hosts with their URL counts and the hosts of the competitor shops (0 URLs until some are
 * watched there), so a shop's fetching is set before its products are discovered (issue 32).
 */
export function withShopHosts(
  urlCounts: ReadonlyMap<string, number>,
  shops: readonly { domain: string }[],
): Map<string, number> {
  const counts = new Map(urlCounts);
  for (const shop of shops) {
    const host = hostOf(`https://${shop.domain}/`);
    if (host && !counts.has(host)) counts.set(host, 0);
  }
  return counts;
}

const addCounts = (a: OutcomeCounts, b: OutcomeCounts): OutcomeCounts =>
  Object.fromEntries(
    Object.entries(a).map(([outcome, n]) => [outcome, n + b[outcome as keyof OutcomeCounts]]),
  ) as OutcomeCounts;

/** Per host, how its checks went over the last runs, newest first. */
async function recentHostStats(): Promise<Map<string, RunHostStats[]>> {
  const runs = await latestRuns(SUCCESS_RATE_RUNS);
  const perRun = await Promise.all(runs.map((run) => runHostStats(run.run_id)));
  const byHost = new Map<string, RunHostStats[]>();
  for (const stats of perRun)
    for (const [host, ofRun] of stats) byHost.set(host, [...(byHost.get(host) ?? []), ofRun]);
  return byHost;
}

const proxyView = (settings: HostSettingsRecord | undefined) => settings?.proxy ?? null;

function hostView(
  host: string,
  urlCount: number,
  settings: HostSettingsRecord | undefined,
  recent: readonly RunHostStats[],
  shipping: Shipping | undefined,
): CompetitorHost {
  const last = recent[0];
  const overRuns = recent.length === 0 ? null : recent.map((run) => run.counts).reduce(addCounts);
  const { fetch_mode, render_wait_ms, spacing_seconds } = settings ?? DEFAULT_HOST_SETTINGS;
  const escalated = settings?.escalated ?? false;
  return {
    host,
    url_count: urlCount,
    outcome_counts: last?.counts ?? null,
    success_rate: successRate(overRuns),
    median_check_ms: last?.median_check_ms ?? null,
    fetch_mode,
    escalated,
    render_wait_ms,
    spacing_seconds,
    proxy: proxyView(settings),
    shipping: shipping ?? null,
    hint: hostHint(last?.counts ?? null, { fetch_mode, escalated }),
  };
}

/** Every host with competitor URLs, by host name. */
export async function listCompetitorHosts(urlCounts: ReadonlyMap<string, number>): Promise<CompetitorHost[]> {
  const [settings, recent, { shipping }] = await Promise.all([
    listHostSettings(),
    recentHostStats(),
    readComparisonInputs(),
  ]);
  const settingsOf = new Map(settings.map((record) => [record.host, record]));
  return [...urlCounts]
    .filter(([host]) => host !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([host, count]) =>
      hostView(host, count, settingsOf.get(host), recent.get(host) ?? [], shipping[host]),
    );
}

/**
 * Sets how a host is fetched (admins only). A proxy's password given is stored as a secret; left
 * out, the one stored stays (there must be one); a proxy removed takes its password with it.
 */
export async function setHostSettings(
  user: PublicUser,
  host: string,
  input: HostSettingsInput,
  urlCounts: ReadonlyMap<string, number>,
): Promise<CompetitorHost> {
  requireAdmin(user, ADMINS_ONLY_HOST_SETTINGS);
  if (!urlCounts.has(host)) throw new NotFoundError(`No competitor URL or shop is on ${host}`);
  const before = await getHostSettings(host);
  let proxy: HostSettingsRecord['proxy'] = null;
  if (input.proxy) {
    const { url, username, password } = input.proxy;
    if (password === undefined && !before?.proxy)
      throw new InvalidInputError('Enter the proxy password', { field: 'proxy.password' });
    if (password !== undefined) await storeProxyPassword(host, password);
    const password_hint = password === undefined ? (before?.proxy?.password_hint ?? '') : hintOf(password);
    proxy = { url, username, password_hint };
  }
  const saved = await putHostSettings(
    {
      host,
      fetch_mode: input.fetch_mode,
      render_wait_ms: input.render_wait_ms,
      spacing_seconds: input.spacing_seconds,
      proxy,
      updated_by: user.username,
    },
    // What `auto` found stays while the mode does; a mode an admin changes starts afresh.
    before && before.fetch_mode === input.fetch_mode ? before.escalated : false,
  );
  if (!proxy && before?.proxy) await deleteProxyPassword(host);
  if (input.shipping !== undefined) await saveShipping(host, input.shipping);
  const [recent, { shipping }] = await Promise.all([recentHostStats(), readComparisonInputs()]);
  return hostView(host, urlCounts.get(host) ?? 0, saved, recent.get(host) ?? [], shipping[host]);
}

/**
 * A host's shipping is one of the comparison's inputs, kept with them (catalogue-version.repository.ts):
 * saving it moves the version, so the lists compare with it at once.
 */
function saveShipping(host: string, shipping: Shipping | null): Promise<void> {
  const path = ['host_shipping', host];
  return saveComparisonInputs(shipping ? { set: [[path, shipping]] } : { remove: [path] }, ['host_shipping']);
}

/** The password's last characters, the rest as dots: enough to tell which one is stored. */
function hintOf(password: string): string {
  const shown = password.slice(-PASSWORD_HINT_CHARACTERS);
  return password.length > PASSWORD_HINT_CHARACTERS * 2 ? `••••${shown}` : '••••';
}
