// How the Pricing rules screen says a rule (docs/screens.md#17-pricing-rules): its scope, target, limits
// and rounding in words, the words the suggestions' reasons use.
import {
  formatMoney,
  type PriceLimit,
  type PriceRounding,
  type PricingRule,
  type PricingTarget,
} from '@cmp/shared';

export const TARGET_LABELS: Record<PricingTarget, string> = {
  match_lowest: 'Match the lowest price',
  beat_lowest: 'Beat the lowest price',
  match_average: 'Match the average price',
  within_percent_of_lowest: 'Stay within a percentage of the lowest',
};

export const ROUNDING_LABELS: Record<PriceRounding, string> = {
  none: 'No rounding',
  '0.99': 'Down to .99',
  '0.95': 'Down to .95',
  whole: 'Down to a whole amount',
};

const percent = (value: number) => `${value} %`;

/** 'Match lowest', 'Beat lowest by 1 %', 'Beat lowest by £0.50', 'Match average', 'Within 5 % of lowest'. */
export function targetText(
  rule: Pick<PricingRule, 'target' | 'by_amount' | 'by_percent'>,
  currency: string,
): string {
  switch (rule.target) {
    case 'match_lowest':
      return 'Match lowest';
    case 'match_average':
      return 'Match average';
    case 'beat_lowest':
      return `Beat lowest by ${
        rule.by_amount !== undefined ? formatMoney(rule.by_amount, currency) : percent(rule.by_percent ?? 0)
      }`;
    case 'within_percent_of_lowest':
      return `Within ${percent(rule.by_percent ?? 0)} of lowest`;
  }
}

/** 'All products', 'Categories: Kitchen, Garden', 'SKUs: K-1, K-2'. */
export function scopeText(scope: PricingRule['scope'], categoryNames: ReadonlyMap<number, string>): string {
  if (scope === 'all') return 'All products';
  if ('skus' in scope) return `SKUs: ${scope.skus.join(', ')}`;
  return `Categories: ${scope.category_ids.map((id) => categoryNames.get(id) ?? `#${id}`).join(', ')}`;
}

/** 'Cost + 20 %', 'Cost − 5 %', '£12.00'; 'None' without one. */
export function limitText(limit: PriceLimit | null, currency: string): string {
  if (!limit) return 'None';
  if ('amount' in limit) return formatMoney(limit.amount, currency);
  return `Cost ${limit.margin_percent < 0 ? '−' : '+'} ${percent(Math.abs(limit.margin_percent))}`;
}

/** 'All competitors', or the hosts; 'in stock only' and the least number when they narrow it. */
export function competitorsText(
  rule: Pick<PricingRule, 'competitors' | 'in_stock_only' | 'min_competitors'>,
): string {
  const who = rule.competitors === 'all' ? 'All competitors' : rule.competitors.join(', ');
  return [
    who,
    rule.in_stock_only ? 'in stock only' : '',
    rule.min_competitors > 1 ? `at least ${rule.min_competitors}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
