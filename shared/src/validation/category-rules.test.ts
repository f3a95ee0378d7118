import { describe, expect, it } from 'vitest';
import { checkCategoryForm } from './category-rules';

describe('checkCategoryForm', () => {
  it('requires a name, naming the field', () => {
    expect(checkCategoryForm({ name: '  ', description: 'x' })).toEqual({
      ok: false,
      error: 'Category name is required',
      field: 'name',
    });
  });

  it('refuses what the API refuses, with the API’s message', () => {
    expect(checkCategoryForm({ name: 'x'.repeat(101), description: '' })).toEqual({
      ok: false,
      error: 'Category name must be at most 100 characters',
      field: 'name',
    });
    expect(checkCategoryForm({ name: 'Toys', description: 'One\tTwo' })).toEqual({
      ok: false,
      error: 'Description contains characters that are not allowed',
      field: 'description',
    });
  });

  it('sends trimmed text and null for an empty description', () => {
    expect(checkCategoryForm({ name: ' Kitchen ', description: '  ' })).toEqual({
      ok: true,
      value: { name: 'Kitchen', description: null },
    });
    expect(checkCategoryForm({ name: 'Garden', description: 'One\nTwo' })).toEqual({
      ok: true,
      value: { name: 'Garden', description: 'One\nTwo' },
    });
    expect(checkCategoryForm({ name: 'Garden', description: ' Outdoor ' })).toEqual({
      ok: true,
      value: { name: 'Garden', description: 'Outdoor' },
    });
  });
});
