import { ADMINS_ONLY_COMPARISON_SETTINGS, type ComparisonSettings, type PublicUser } from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { readComparisonInputs, saveComparisonInputs } from '../data/catalogue-version.repository';

/**
 * How the comparison treats offers (docs/rules.md#1-price-comparison): anyone reads, admins change.
 * They are kept on the catalogue's version item: a change moves the version in the same write, so
 * the lists' kept answers are built again with it.
 */
export const comparisonSettingsView = async (): Promise<ComparisonSettings> =>
  (await readComparisonInputs()).settings;

export async function changeComparisonSettings(
  user: PublicUser,
  change: Partial<ComparisonSettings>,
): Promise<ComparisonSettings> {
  requireAdmin(user, ADMINS_ONLY_COMPARISON_SETTINGS);
  const settings = { ...(await comparisonSettingsView()), ...change };
  await saveComparisonInputs({
    set: Object.entries(settings).map(([name, value]) => [[name], value]),
  });
  return settings;
}
