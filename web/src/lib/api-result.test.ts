import { describe, expect, it } from 'vitest';
import { errorMessage } from './api-error';
import { expectSuccess } from './api-result';

describe('expectSuccess', () => {
  it('passes a successful body through', () => {
    const body = { success: true, products: [] };
    expect(expectSuccess(body)).toBe(body);
  });

  it('throws a success-false body so its error text replaces the generic message', () => {
    let caught: unknown;
    try {
      expectSuccess({ success: false, error: 'SKU already exists' });
    } catch (error) {
      caught = error;
    }
    expect(errorMessage(caught, 'Failed to save product')).toBe('SKU already exists');
  });

  it('falls back to the generic message when the body has no error text', () => {
    expect(() => expectSuccess({ success: false })).toThrow('Request failed');
    let caught: unknown;
    try {
      expectSuccess({ success: false });
    } catch (error) {
      caught = error;
    }
    expect(errorMessage(caught, 'Failed to delete product')).toBe('Failed to delete product');
  });
});
