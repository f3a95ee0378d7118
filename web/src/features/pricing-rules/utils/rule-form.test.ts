import { describe, expect, it } from 'vitest';
import { NEW_RULE, ruleFormValues, validateRuleForm } from './rule-form';
import { competitorsText, limitText, scopeText, targetText } from './rule-text';

describe('the pricing rule form', () => {
  it('makes the rule the API takes, lists typed one per line or with commas', () => {
    const checked = validateRuleForm(
      {
        ...NEW_RULE,
        name: 'Kettles',
        scopeKind: 'skus',
        skus: 'K-1, K-2\n\nK-3 ',
        target: 'beat_lowest',
        byKind: 'amount',
        by: '0.5',
        competitorsKind: 'hosts',
        hosts: 'Shop-A.example\nshop-b.example',
        minCompetitors: '2',
        ceilingKind: 'amount',
        ceiling: '99.99',
        rounding: '0.99',
        maxChangePercent: '15',
      },
      7,
    );

    expect(checked).toEqual({
      ok: true,
      value: {
        id: 7,
        name: 'Kettles',
        scope: { skus: ['K-1', 'K-2', 'K-3'] },
        target: 'beat_lowest',
        by_amount: 0.5,
        competitors: ['shop-a.example', 'shop-b.example'],
        in_stock_only: false,
        min_competitors: 2,
        floor: { margin_percent: 10 },
        ceiling: { amount: 99.99 },
        rounding: '0.99',
        max_change_percent: 15,
      },
    });
  });

  it('gives back the form of a saved rule unchanged', () => {
    const rule = {
      id: 3,
      name: 'Garden',
      scope: { category_ids: [4, 9] },
      target: 'within_percent_of_lowest' as const,
      by_percent: 5,
      competitors: 'all' as const,
      in_stock_only: true,
      min_competitors: 1,
      floor: { amount: 12 },
      ceiling: null,
      rounding: 'whole' as const,
      max_change_percent: null,
    };

    expect(validateRuleForm(ruleFormValues(rule), rule.id)).toEqual({ ok: true, value: rule });
  });

  it('says what is wrong in the API’s words, naming the field', () => {
    expect(validateRuleForm({ ...NEW_RULE, name: 'x', target: 'beat_lowest', by: '' })).toEqual(
      expect.objectContaining({ ok: false, field: 'by_percent', error: 'by_percent must be a number' }),
    );
    expect(validateRuleForm({ ...NEW_RULE, name: 'x', scopeKind: 'categories' })).toEqual(
      expect.objectContaining({
        ok: false,
        field: 'scope.category_ids',
        error: 'category_ids must name at least one category',
      }),
    );
    expect(validateRuleForm({ ...NEW_RULE, name: 'x', floorKind: 'amount', floor: '1.234' })).toEqual(
      expect.objectContaining({ ok: false, error: expect.stringContaining('at most 2 decimals') }),
    );
  });
});

describe('a rule in words', () => {
  it('names its target, scope, limits and competitors', () => {
    expect(targetText({ target: 'beat_lowest', by_percent: 1 }, 'GBP')).toBe('Beat lowest by 1 %');
    expect(targetText({ target: 'beat_lowest', by_amount: 0.5 }, 'GBP')).toBe('Beat lowest by £0.50');
    expect(targetText({ target: 'within_percent_of_lowest', by_percent: 5 }, 'GBP')).toBe(
      'Within 5 % of lowest',
    );
    expect(scopeText({ category_ids: [1, 2] }, new Map([[1, 'Kitchen']]))).toBe('Categories: Kitchen, #2');
    expect(scopeText('all', new Map())).toBe('All products');
    expect(limitText({ margin_percent: 20 }, 'GBP')).toBe('Cost + 20 %');
    expect(limitText({ margin_percent: -5 }, 'GBP')).toBe('Cost − 5 %');
    expect(limitText(null, 'GBP')).toBe('None');
    expect(competitorsText({ competitors: ['a.example'], in_stock_only: true, min_competitors: 2 })).toBe(
      'a.example; in stock only; at least 2',
    );
  });
});
