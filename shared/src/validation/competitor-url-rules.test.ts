import { describe, expect, it } from 'vitest';
import { COMPETITOR_CSV_TEMPLATE } from '../catalogue';
import { checkAddCompetitorForm, checkCompetitorUrlForm, checkCsvUrl } from './competitor-url-rules';

const filled = { product_id: '12', competitor_name: ' Argos ', url: ' https://www.argos.co.uk/p/1 ' };

describe('checkCompetitorUrlForm (Competitors page)', () => {
  it('requires the product, the name and the URL', () => {
    for (const field of ['product_id', 'competitor_name', 'url'] as const) {
      expect(checkCompetitorUrlForm({ ...filled, [field]: '' })).toEqual({
        ok: false,
        error: 'All fields are required',
        field,
      });
    }
  });

  it('needs an absolute http(s) URL the API would take', () => {
    for (const url of ['argos.co.uk/p/1', 'ftp://argos.co.uk/p', 'javascript:alert(1)']) {
      expect(checkCompetitorUrlForm({ ...filled, url })).toEqual({
        ok: false,
        error: 'Please enter a valid URL',
        field: 'url',
      });
    }
  });

  it('says which rule a web address breaks, in the API’s words', () => {
    expect(checkCompetitorUrlForm({ ...filled, url: `https://a.example/${'x'.repeat(2048)}` })).toEqual({
      ok: false,
      error: 'URL must be at most 2048 characters',
      field: 'url',
    });
  });

  it('sends the product id as a number and trimmed text', () => {
    expect(checkCompetitorUrlForm(filled)).toEqual({
      ok: true,
      value: { product_id: 12, competitor_name: 'Argos', url: 'https://www.argos.co.uk/p/1' },
    });
  });
});

describe('checkAddCompetitorForm (dashboard)', () => {
  it('needs both fields, then a valid URL', () => {
    expect(checkAddCompetitorForm({ competitor_name: '', url: 'https://a.example' })).toEqual({
      ok: false,
      error: 'Competitor name and URL are required',
      field: 'competitor_name',
    });
    expect(checkAddCompetitorForm({ competitor_name: 'Argos', url: 'mailto:a@b.example' })).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
      field: 'url',
    });
    expect(checkAddCompetitorForm({ competitor_name: 'x'.repeat(101), url: 'https://a.example' })).toEqual({
      ok: false,
      error: 'Competitor name must be at most 100 characters',
      field: 'competitor_name',
    });
  });
});

describe('checkCsvUrl', () => {
  it('gives the API’s messages', () => {
    expect(checkCsvUrl('not a url')).toEqual({ ok: false, error: 'URL must be an absolute http(s) address' });
    expect(checkCsvUrl('https://a.example/\u202Ex')).toEqual({
      ok: false,
      error: 'URL contains characters that are not allowed',
    });
    expect(checkCsvUrl(' http://a.example/p ')).toEqual({ ok: true, value: 'http://a.example/p' });
  });

  it('accepts every URL of the template', () => {
    const [, ...rows] = COMPETITOR_CSV_TEMPLATE.trim().split('\n');
    const urls = rows.flatMap((line) => line.split(',').slice(1));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(checkCsvUrl(url).ok).toBe(true);
  });
});
