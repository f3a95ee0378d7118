import { ADMINS_ONLY_COMPARISON_SETTINGS, type ComparisonSettings, type PublicUser } from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { catalogueChanged } from '../data/catalogue-version.repository';
import { readComparisonSettings, saveComparisonSettings } from '../data/comparison-settings.repository';

/**
 * How the comparison treats offers (docs/rules.md#1-price-comparison): anyone reads, admins change.
 * A change moves the catalogue's version, so the lists' kept answers are built again with it.
 */
export const comparisonSettingsView = readComparisonSettings;

export async function changeComparisonSettings(
  user: PublicUser,
  change: Partial<ComparisonSettings>,
): Promise<ComparisonSettings> {
  requireAdmin(user, ADMINS_ONLY_COMPARISON_SETTINGS);
  const settings = { ...(await readComparisonSettings()), ...change };
  await saveComparisonSettings(settings);
  await catalogueChanged({ kinds: [] });
  return settings;
}
