import { describe, expect, it } from 'vitest';
import { type CompetitorFormValues, validateCompetitorForm } from './competitor-form';

const filled: CompetitorFormValues = {
  productId: '12',
  competitorName: ' Argos ',
  url: ' https://www.argos.co.uk/p/1 ',
};

describe('validateCompetitorForm', () => {
  it('requires the product, the name and the URL, naming the field', () => {
    const fields = { productId: 'product_id', competitorName: 'competitor_name', url: 'url' } as const;
    for (const [missing, field] of Object.entries(fields) as [keyof typeof fields, string][]) {
      expect(
        validateCompetitorForm({ ...filled, [missing]: ' '.repeat(missing === 'productId' ? 0 : 2) }),
      ).toEqual({
        ok: false,
        error: 'All fields are required',
        field,
      });
    }
  });

  it('needs an absolute http(s) URL the API takes', () => {
    for (const url of ['argos.co.uk/p/1', 'ftp://argos.co.uk/p/1']) {
      expect(validateCompetitorForm({ ...filled, url })).toEqual({
        ok: false,
        error: 'Please enter a valid URL',
        field: 'url',
      });
    }
    expect(validateCompetitorForm({ ...filled, url: `https://argos.co.uk/${'p'.repeat(2048)}` })).toEqual({
      ok: false,
      error: 'URL must be at most 2048 characters',
      field: 'url',
    });
  });

  it('shows the API’s message for a name the API refuses', () => {
    expect(validateCompetitorForm({ ...filled, competitorName: 'A'.repeat(101) })).toEqual({
      ok: false,
      error: 'Competitor name must be at most 100 characters',
      field: 'competitor_name',
    });
  });

  it('sends the product id as an integer and trimmed text', () => {
    expect(validateCompetitorForm(filled)).toEqual({
      ok: true,
      value: { product_id: 12, competitor_name: 'Argos', url: 'https://www.argos.co.uk/p/1' },
    });
  });
});
