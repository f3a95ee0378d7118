import { ADMINS_ONLY_COMPETITORS, type DiscoverySettings, type PublicUser } from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { readDiscoverySettings, saveDiscoverySettings } from '../data/discovery-job.repository';

/** How discovery reads and matches (docs/rules.md#24-competitors-and-matching): anyone reads, admins change. */
export const discoverySettingsView = readDiscoverySettings;

export async function changeDiscoverySettings(
  user: PublicUser,
  settings: DiscoverySettings,
): Promise<DiscoverySettings> {
  requireAdmin(user, ADMINS_ONLY_COMPETITORS);
  await saveDiscoverySettings(settings);
  return settings;
}
