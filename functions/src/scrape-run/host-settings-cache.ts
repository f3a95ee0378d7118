import { DEFAULT_HOST_SETTINGS, type FetchMode } from '@cmp/shared';
import { perSettings } from '../config';
import { getHostSettings, type HostSettingsRecord } from '../data/host-settings.repository';
import { readProxyPassword } from '../lib/proxy-secrets';
import type { HostProxy } from '../scrape/fetch/guarded-fetch';

/** How long a container trusts what it read of a host's settings: an admin's change reaches a run going within it. */
export const HOST_SETTINGS_CACHE_MS = 60_000;

/** What a run's checks use of a host's settings: its spacing (ms; null when none is set), its proxy, how it is fetched. */
interface HostUse {
  spacingMs: number | null;
  proxy: HostProxy | null;
  fetching: HostFetching;
}

/** How a host's pages are fetched: plain, or in the browser (and how long its scripts get). */
export interface HostFetching {
  readonly fetchMode: FetchMode;
  readonly escalated: boolean;
  readonly renderWaitMs: number;
}

/** What this container read of the hosts' settings for the run it checks now. */
const kept = perSettings(
  (): { runId: string; hosts: Map<string, { readAt: number; use: Promise<HostUse> }> } => ({
    runId: '',
    hosts: new Map(),
  }),
);

async function read(host: string): Promise<HostUse> {
  const settings: HostSettingsRecord | undefined = await getHostSettings(host);
  if (!settings)
    return {
      spacingMs: null,
      proxy: null,
      fetching: { fetchMode: DEFAULT_HOST_SETTINGS.fetch_mode, escalated: false, renderWaitMs: 0 },
    };
  const password = settings.proxy ? await readProxyPassword(host) : null;
  return {
    spacingMs: settings.spacing_seconds * 1000,
    // A proxy whose password is gone (deleted meanwhile) is not used half-configured: the host is
    // fetched as without one until its settings are saved again.
    proxy: settings.proxy && password !== null ? { ...settings.proxy, password } : null,
    fetching: {
      fetchMode: settings.fetch_mode,
      escalated: settings.escalated,
      renderWaitMs: settings.render_wait_ms,
    },
  };
}

/**
 * What the run's checks use of the host's settings: read afresh for each run, then at most once a
 * minute per container, not for every request. A failed read is tried again on the next request.
 */
function hostUse(host: string, runId: string, now: number): Promise<HostUse> {
  const cache = kept();
  if (cache.runId !== runId) {
    cache.runId = runId;
    cache.hosts.clear();
  }
  const held = cache.hosts.get(host);
  if (held && now - held.readAt < HOST_SETTINGS_CACHE_MS) return held.use;
  const use = read(host);
  cache.hosts.set(host, { readAt: now, use });
  use.catch(() => cache.hosts.delete(host));
  return use;
}

/** The start-to-start spacing an admin set for the host (ms), or null when none is set. */
export const hostSpacingMs = async (host: string, runId: string, now = Date.now()) =>
  (await hostUse(host, runId, now)).spacingMs;

/** How the host's pages are fetched. */
export const hostFetching = async (host: string, runId: string, now = Date.now()) =>
  (await hostUse(host, runId, now)).fetching;

/** The proxy the host's requests go through, with its password; null when it has none. */
export const hostProxy = async (host: string, runId: string, now = Date.now()) =>
  (await hostUse(host, runId, now)).proxy;
