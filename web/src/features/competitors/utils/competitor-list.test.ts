import { FAILING_FILTER } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS, competitorPageQuery, NO_FILTERS, OUTCOME_FILTER_OPTIONS } from './competitor-list';

describe('the Competitors page query', () => {
  it('asks for a page of 20, leaving out a blank search and every check', () => {
    expect(competitorPageQuery(NO_FILTERS, null, 1)).toEqual({ page: '1', page_size: '20' });
    expect(competitorPageQuery({ search: '  ', outcome: ALL_CHECKS }, null, 2)).toEqual({
      page: '2',
      page_size: '20',
    });
  });

  it('names the outcome filter and the sort as the API takes them', () => {
    expect(
      competitorPageQuery(
        { search: ' argos ', outcome: FAILING_FILTER },
        { column: 'last_check', direction: 'desc' },
        3,
      ),
    ).toEqual({
      order: 'desc',
      outcome: 'failing',
      page: '3',
      page_size: '20',
      search: 'argos',
      sort: 'last_check',
    });
  });

  it("offers 'Failing', each outcome by its badge text and 'Not checked yet'", () => {
    expect(OUTCOME_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'Failing',
      'OK',
      'No price',
      'Out of stock',
      'Review',
      'Wrong product',
      'Blocked',
      'Failed',
      'Not checked yet',
    ]);
  });
});
