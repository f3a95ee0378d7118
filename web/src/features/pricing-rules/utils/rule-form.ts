// The pricing rule form (docs/rules.md#25-pricing-rules): the API's own rules (pricingRuleSchema), so the
// form says what the server would. Numbers are typed as text; lists of SKUs or hosts are typed one per
// line or separated by commas.
import {
  type FormCheck,
  type PriceRounding,
  type PricingRule,
  type PricingTarget,
  pricingRuleSchema,
  schemaCheck,
} from '@cmp/shared';

export interface RuleFormValues {
  name: string;
  scopeKind: 'all' | 'categories' | 'skus';
  categoryIds: readonly number[];
  skus: string;
  target: PricingTarget;
  /** beat_lowest: by an amount or a percent. */
  byKind: 'amount' | 'percent';
  by: string;
  competitorsKind: 'all' | 'hosts';
  hosts: string;
  inStockOnly: boolean;
  minCompetitors: string;
  floorKind: LimitKind;
  floor: string;
  ceilingKind: LimitKind | 'none';
  ceiling: string;
  rounding: PriceRounding;
  /** Empty: no limit. */
  maxChangePercent: string;
}

export type LimitKind = 'margin_percent' | 'amount';

/** A new rule's form: match the lowest price of all competitors, never under cost + 10 %. */
export const NEW_RULE: RuleFormValues = {
  name: '',
  scopeKind: 'all',
  categoryIds: [],
  skus: '',
  target: 'match_lowest',
  byKind: 'percent',
  by: '',
  competitorsKind: 'all',
  hosts: '',
  inStockOnly: false,
  minCompetitors: '1',
  floorKind: 'margin_percent',
  floor: '10',
  ceilingKind: 'none',
  ceiling: '',
  rounding: 'none',
  maxChangePercent: '',
};

const text = (value: number | undefined | null) =>
  value === undefined || value === null ? '' : String(value);

export function ruleFormValues(rule: PricingRule): RuleFormValues {
  const { scope, ceiling } = rule;
  return {
    name: rule.name,
    scopeKind: scope === 'all' ? 'all' : 'skus' in scope ? 'skus' : 'categories',
    categoryIds: scope !== 'all' && 'category_ids' in scope ? scope.category_ids : [],
    skus: scope !== 'all' && 'skus' in scope ? scope.skus.join('\n') : '',
    target: rule.target,
    byKind: rule.by_amount !== undefined ? 'amount' : 'percent',
    by: text(rule.by_amount ?? rule.by_percent),
    competitorsKind: rule.competitors === 'all' ? 'all' : 'hosts',
    hosts: rule.competitors === 'all' ? '' : rule.competitors.join('\n'),
    inStockOnly: rule.in_stock_only,
    minCompetitors: String(rule.min_competitors),
    floorKind: 'amount' in rule.floor ? 'amount' : 'margin_percent',
    floor: text('amount' in rule.floor ? rule.floor.amount : rule.floor.margin_percent),
    ceilingKind: ceiling === null ? 'none' : 'amount' in ceiling ? 'amount' : 'margin_percent',
    ceiling: ceiling === null ? '' : text('amount' in ceiling ? ceiling.amount : ceiling.margin_percent),
    rounding: rule.rounding,
    maxChangePercent: text(rule.max_change_percent),
  };
}

const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));
const list = (value: string) =>
  value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The rule the form describes, checked as the API checks it; `id` keeps a saved rule's. */
export function validateRuleForm(values: RuleFormValues, id?: number): FormCheck<PricingRule> {
  const by = number(values.by);
  const usesBy = values.target === 'beat_lowest' || values.target === 'within_percent_of_lowest';
  const byAmount = values.target === 'beat_lowest' && values.byKind === 'amount';
  const input = {
    ...(id === undefined ? {} : { id }),
    name: values.name,
    scope:
      values.scopeKind === 'all'
        ? 'all'
        : values.scopeKind === 'skus'
          ? { skus: list(values.skus) }
          : { category_ids: [...values.categoryIds] },
    target: values.target,
    ...(usesBy ? (byAmount ? { by_amount: by } : { by_percent: by }) : {}),
    competitors: values.competitorsKind === 'all' ? 'all' : list(values.hosts),
    in_stock_only: values.inStockOnly,
    min_competitors: number(values.minCompetitors),
    floor: { [values.floorKind]: number(values.floor) },
    ceiling: values.ceilingKind === 'none' ? null : { [values.ceilingKind]: number(values.ceiling) },
    rounding: values.rounding,
    max_change_percent: values.maxChangePercent.trim() === '' ? null : number(values.maxChangePercent),
  };
  return schemaCheck(pricingRuleSchema, input);
}
