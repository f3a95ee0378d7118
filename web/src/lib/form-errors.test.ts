import { describe, expect, it } from 'vitest';
import { ApiError, httpError } from './api-error';
import { formErrors } from './form-errors';

const answer = (status: number, body: unknown) => httpError(status, JSON.stringify(body));

describe('formErrors', () => {
  it('puts each message about a field the form shows beside that field', () => {
    const error = answer(400, {
      success: false,
      error: 'name: Too big; url: URL must have a public host name',
      fields: { name: 'Too big', url: 'URL must have a public host name' },
    });

    expect(formErrors(error, ['url', 'competitor_name'])).toEqual({
      fields: { url: 'URL must have a public host name' },
      general: null,
    });
  });

  it('gives a form field the message about a part of it', () => {
    const error = answer(400, {
      success: false,
      error: 'Channel 2: URL must have a public host name',
      fields: { 'channels.1.target': 'Channel 2: URL must have a public host name' },
    });

    expect(formErrors(error, ['channels', 'chan'])).toEqual({
      fields: { channels: 'Channel 2: URL must have a public host name' },
      general: null,
    });
  });

  it('shows the whole message above the form when no field it names is on the form', () => {
    const error = answer(409, {
      success: false,
      error: 'Product 7 was changed meanwhile',
      fields: { version: 'stale' },
    });

    expect(formErrors(error, ['sku'])).toEqual({ fields: {}, general: 'Product 7 was changed meanwhile' });
  });

  it('shows a refusal without fields above the form', () => {
    const error = answer(409, { success: false, error: 'A user named ann already exists' });

    expect(formErrors(error, ['email'])).toEqual({ fields: {}, general: 'A user named ann already exists' });
  });

  it('leaves server failures and lost connections to the toast', () => {
    const serverFailure = answer(500, {
      success: false,
      error: 'Internal server error',
      fields: { sku: 'x' },
    });
    const offline = new ApiError('network', 0, undefined, 'Network error');

    expect(formErrors(serverFailure, ['sku'])).toEqual({ fields: {}, general: null });
    expect(formErrors(offline, ['sku'])).toEqual({ fields: {}, general: null });
    expect(formErrors(new Error('boom'), ['sku'])).toEqual({ fields: {}, general: null });
  });

  it('ignores field messages that are not text', () => {
    const error = answer(400, { success: false, error: 'Bad', fields: { sku: 3, name: 'Required' } });

    expect(formErrors(error, ['sku', 'name'])).toEqual({ fields: { name: 'Required' }, general: null });
  });
});
