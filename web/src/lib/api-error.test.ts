import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorMessage,
  httpError,
  parseJsonBody,
  requestHeaders,
  retriesAllowed,
} from './api-error';

describe('httpError', () => {
  it("carries the server's error text and the status", () => {
    const error = httpError(409, '{"success":false,"error":"SKU already exists"}');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(409);
    expect(error.message).toBe('SKU already exists');
    expect(error.body).toEqual({ success: false, error: 'SKU already exists' });
  });

  it('marks a body that is not JSON as an invalid response', () => {
    const error = httpError(502, '<html>Bad Gateway</html>');
    expect(error.kind).toBe('invalid-response');
    expect(error.body).toBeUndefined();
  });

  it('falls back to the status when the JSON has no error text', () => {
    expect(httpError(500, '{"success":false}').message).toBe('HTTP 500');
  });
});

describe('parseJsonBody', () => {
  it('treats an empty body as undefined', () => {
    expect(parseJsonBody('  ')).toEqual({ ok: true, value: undefined });
  });

  it('reports text that is not JSON', () => {
    expect(parseJsonBody('{oops')).toEqual({ ok: false });
  });
});

describe('errorMessage', () => {
  it("prefers the server's error text", () => {
    expect(errorMessage(httpError(400, '{"success":false,"error":"Name is required"}'), 'Failed')).toBe(
      'Name is required',
    );
  });

  it('uses the generic text for network failures and foreign errors', () => {
    expect(errorMessage(new ApiError('network', 0, undefined, 'offline'), 'Failed to fetch products')).toBe(
      'Failed to fetch products',
    );
    expect(errorMessage(new TypeError('boom'), 'Failed to save product')).toBe('Failed to save product');
  });
});

describe('requestHeaders', () => {
  it('sends the bearer token and a JSON content type with a JSON body', () => {
    expect(requestHeaders('abc', { name: 'x' })).toEqual({
      Authorization: 'Bearer abc',
      'Content-Type': 'application/json',
    });
  });

  it('leaves the content type to the browser for form data', () => {
    expect(requestHeaders('abc', new FormData())).toEqual({ Authorization: 'Bearer abc' });
  });

  it('sends neither header when signed out and without a body', () => {
    expect(requestHeaders(null, undefined)).toEqual({});
  });
});

describe('retriesAllowed', () => {
  it('lets only GET retry', () => {
    expect(retriesAllowed('GET')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(retriesAllowed(method)).toBe(false);
  });
});
