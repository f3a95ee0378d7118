import { perSettings } from '../config';
import { getHostSettings } from '../data/host-settings.repository';

/** How long a container trusts what it read of a host's settings: an admin's change reaches a run going within it. */
export const HOST_SETTINGS_CACHE_MS = 60_000;

/** What this container read of the hosts' settings for the run it checks now. */
const kept = perSettings(
  (): { runId: string; hosts: Map<string, { readAt: number; spacingMs: Promise<number | null> }> } => ({
    runId: '',
    hosts: new Map(),
  }),
);

/**
 * The start-to-start spacing an admin set for the host (ms), or null when none is set: read afresh
 * for each run, then at most once a minute per container, not for every request. A failed read is
 * tried again on the next request.
 */
export function hostSpacingMs(host: string, runId: string, now = Date.now()): Promise<number | null> {
  const cache = kept();
  if (cache.runId !== runId) {
    cache.runId = runId;
    cache.hosts.clear();
  }
  const held = cache.hosts.get(host);
  if (held && now - held.readAt < HOST_SETTINGS_CACHE_MS) return held.spacingMs;
  const spacingMs = getHostSettings(host).then((settings) =>
    settings ? settings.spacing_seconds * 1000 : null,
  );
  cache.hosts.set(host, { readAt: now, spacingMs });
  spacingMs.catch(() => cache.hosts.delete(host));
  return spacingMs;
}
