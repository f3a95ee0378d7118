import { describe, expect, it } from 'vitest';
import { canAddCompetitor, checkCompetitorFields } from './edit-forms';

describe('the add-competitor form', () => {
  it('enables Add only when both fields have text', () => {
    expect(canAddCompetitor('Argos', 'https://argos.co.uk/p/1')).toBe(true);
    expect(canAddCompetitor(' ', 'https://argos.co.uk/p/1')).toBe(false);
    expect(canAddCompetitor('Argos', '')).toBe(false);
  });

  it('needs both fields, then an absolute web address', () => {
    expect(checkCompetitorFields('', 'https://a.example')).toEqual({
      ok: false,
      error: 'Competitor name and URL are required',
      field: 'competitor_name',
    });
    expect(checkCompetitorFields('Argos', 'argos.co.uk/p/1')).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
      field: 'url',
    });
    expect(checkCompetitorFields('Argos', 'javascript:alert(1)')).toEqual({
      ok: false,
      error: 'Please enter a valid URL',
      field: 'url',
    });
    expect(checkCompetitorFields('Argos', `https://argos.co.uk/${'p'.repeat(2048)}`)).toEqual({
      ok: false,
      error: 'URL must be at most 2048 characters',
      field: 'url',
    });
    expect(checkCompetitorFields(' Argos ', ' https://argos.co.uk/p/1 ')).toEqual({
      ok: true,
      value: { competitor_name: 'Argos', url: 'https://argos.co.uk/p/1' },
    });
  });
});
