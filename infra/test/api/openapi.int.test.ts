import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/test-stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document of the API without a token', async () => {
    const { status, headers, body } = await stack.api('GET /api/openapi.json');

    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths ?? {})).toContain('/api/products/{id}');
    expect(Object.keys(body.paths?.['/api/products/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
  });
});
