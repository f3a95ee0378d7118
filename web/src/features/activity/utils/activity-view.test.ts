import { describe, expect, it } from 'vitest';
import { activityQuery, changeText, NO_FILTERS } from './activity-view';

describe('the activity page', () => {
  it('says a price change in money, before → after', () => {
    expect(
      changeText({ target: 'product K-1', field: 'current_price', before: 10, after: 12.5 }, 'GBP'),
    ).toBe('product K-1: price £10.00 → £12.50');
    expect(changeText({ target: 'rule 3', field: 'name', before: null, after: 'Match' }, 'GBP')).toBe(
      'rule 3: name none → Match',
    );
  });

  it('asks for the filters set, and nothing for those left open', () => {
    expect(activityQuery(NO_FILTERS)).toEqual({});
    expect(activityQuery({ userId: null, kind: null, from: '2026-11', to: '2026-13-45' })).toEqual({});
    expect(activityQuery({ userId: 2, kind: 'pricing', from: '2026-11-01', to: '' })).toEqual({
      user_id: '2',
      kind: 'pricing',
      from: '2026-11-01',
    });
  });
});
