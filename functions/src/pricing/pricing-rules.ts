import { ADMINS_ONLY_PRICING_RULES, type PricingRule, type PublicUser } from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import { nextId } from '../data/counter.repository';
import { readPricingRules, type StoredPricingRule, savePricingRules } from '../data/pricing-rule.repository';

/**
 * The pricing rules (docs/rules.md#25-pricing-rules): anyone reads them, admins replace the whole
 * ordered list. A rule sent with the id of one kept keeps it (suggestions and the price history name
 * rules by id); any other gets a new one.
 */
export const listPricingRules = readPricingRules;

export async function replacePricingRules(
  user: PublicUser,
  rules: readonly PricingRule[],
): Promise<StoredPricingRule[]> {
  requireAdmin(user, ADMINS_ONLY_PRICING_RULES);
  const kept = new Set((await readPricingRules()).map((rule) => rule.id));
  const used = new Set<number>();
  const stored: StoredPricingRule[] = [];
  for (const rule of rules) {
    const id =
      rule.id !== undefined && kept.has(rule.id) && !used.has(rule.id)
        ? rule.id
        : await nextId('pricing-rule');
    used.add(id);
    stored.push({ ...rule, id });
  }
  await savePricingRules(stored);
  return stored;
}
