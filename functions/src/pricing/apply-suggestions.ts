import { ADMINS_ONLY_PRICING_RULES, type PublicUser, suggestionFor } from '@cmp/shared';
import { requireAdmin } from '../auth/require-admin';
import type { ComparisonEntry } from '../dashboard/dashboard-products';
import { readPricingRules } from '../data/pricing-rule.repository';
import { getProduct, productFieldsOf, updateProduct } from '../data/product.repository';
import { DomainError } from '../domain/errors';

/**
 * Applies suggestions (docs/rules.md#25-pricing-rules): each product's price becomes its suggestion
 * as worked out now, kept in its price history as the rule's (`rule:<id>`). A product without one,
 * or changed meanwhile, is reported with why and the rest applied.
 */
export async function applySuggestions(
  user: PublicUser,
  /** The dashboard's entries (list-pages.ts keeps them per catalogue version). */
  entries: readonly ComparisonEntry[],
  productIds: readonly number[],
): Promise<{ applied: number; errors: { product_id: number; error: string }[] }> {
  requireAdmin(user, ADMINS_ONLY_PRICING_RULES);
  const rules = await readPricingRules();
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let applied = 0;
  const errors: { product_id: number; error: string }[] = [];
  for (const productId of new Set(productIds)) {
    const entry = byId.get(productId);
    const product = entry && (await getProduct(productId));
    if (!entry || !product) {
      errors.push({ product_id: productId, error: 'Product not found' });
      continue;
    }
    const suggestion = suggestionFor(rules, entry.row());
    if (suggestion.suggested_price === null || suggestion.rule_id === null) {
      errors.push({ product_id: productId, error: suggestion.reason });
      continue;
    }
    try {
      if (suggestion.suggested_price !== product.current_price)
        await updateProduct(
          product,
          { ...productFieldsOf(product), current_price: suggestion.suggested_price },
          `rule:${suggestion.rule_id}`,
        );
      applied++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push({ product_id: productId, error: error.message });
    }
  }
  return { applied, errors };
}
