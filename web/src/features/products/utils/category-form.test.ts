import { describe, expect, it } from 'vitest';
import { validateCategoryForm } from './category-form';

describe('validateCategoryForm', () => {
  it('requires a name', () => {
    expect(validateCategoryForm({ name: '   ', description: 'x' })).toEqual({
      ok: false,
      error: 'Category name is required',
    });
  });

  it('shows the API’s message for a name the API refuses', () => {
    expect(validateCategoryForm({ name: 'K'.repeat(101), description: '' })).toEqual({
      ok: false,
      error: 'Category name must be at most 100 characters',
    });
  });

  it('sends null for an empty description and trims both', () => {
    expect(validateCategoryForm({ name: ' Kitchen ', description: '  ' })).toEqual({
      ok: true,
      input: { name: 'Kitchen', description: null },
    });
    expect(validateCategoryForm({ name: 'Garden', description: ' Outdoor ' })).toEqual({
      ok: true,
      input: { name: 'Garden', description: 'Outdoor' },
    });
  });
});
