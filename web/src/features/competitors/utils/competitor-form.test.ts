import { describe, expect, it } from 'vitest';
import { type CompetitorFormValues, isValidUrl, validateCompetitorForm } from './competitor-form';

const filled: CompetitorFormValues = {
  productId: '12',
  competitorName: ' Argos ',
  url: ' https://www.argos.co.uk/p/1 ',
};

describe('validateCompetitorForm', () => {
  it('requires the product, the name and the URL', () => {
    for (const missing of ['productId', 'competitorName', 'url'] as const) {
      expect(
        validateCompetitorForm({ ...filled, [missing]: ' '.repeat(missing === 'productId' ? 0 : 2) }),
      ).toEqual({
        ok: false,
        error: 'All fields are required',
      });
    }
  });

  it('needs a URL that parses', () => {
    expect(validateCompetitorForm({ ...filled, url: 'argos.co.uk/p/1' })).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
    });
  });

  it('sends the product id as an integer and trimmed text', () => {
    expect(validateCompetitorForm(filled)).toEqual({
      ok: true,
      input: { product_id: 12, competitor_name: 'Argos', url: 'https://www.argos.co.uk/p/1' },
    });
  });
});

describe('isValidUrl', () => {
  it('accepts http and https only', () => {
    expect(isValidUrl('http://shop.example/x')).toBe(true);
    expect(isValidUrl('ftp://shop.example/x')).toBe(false);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
  });
});
