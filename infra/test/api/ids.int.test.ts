import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

// Our ids go up to 2^53 - 1; beyond, a JSON number or Number() is rounded to another id (docs/api.md#conventions).
const { stack, token } = await signedInStack();

type Refusal = { success: false; error: string; fields?: Record<string, string> };

/** 2^53 + 1: Number() and JSON.parse make it 2^53, which is another id. */
const BEYOND = '9007199254740993';
const LARGEST = '9007199254740991';
const refusedId = (name: string) => `${name} must be an integer id from 1 to 9007199254740991`;

describe('ids beyond 2^53 - 1', () => {
  it.each([
    ['DELETE', `/api/products/${BEYOND}`, undefined, 'id'],
    ['DELETE', `/api/categories/${BEYOND}`, undefined, 'id'],
    ['GET', `/api/competitor-urls/${BEYOND}`, undefined, 'id'],
    ['GET', `/api/competitor-urls/product/${BEYOND}`, undefined, 'productId'],
    ['POST', `/api/competitor-urls/${BEYOND}/check`, {}, 'id'],
    ['POST', `/api/scraper/run/${BEYOND}`, {}, 'productId'],
    ['GET', `/api/dashboard/products/${BEYOND}/ai-analysis`, undefined, 'id'],
    ['PATCH', `/api/users/${BEYOND}`, { disabled: true }, 'id'],
  ])('are refused in a path with 400 and a message: %s %s', async (method, path, body, name) => {
    const answer = await stack.send<Refusal>(method, path, { token, body });

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: refusedId(name) });
  });

  it('are refused in a query with 400 and a message', async () => {
    const alerts = await stack.api('GET /api/alerts', { token, query: { product_id: `${BEYOND}` } });
    const exported = await stack.api('GET /api/dashboard/export.csv', {
      token,
      query: { category_id: `${BEYOND}` },
    });

    expect(alerts.status).toBe(400);
    expect(alerts.body.error).toBe(refusedId('product_id'));
    expect(exported.status).toBe(400);
    expect(exported.body.error).toBe(refusedId('category_id'));
  });

  it('are refused in a body with 400 naming the field', async () => {
    // Written out, as JSON.stringify would round the number before it is sent.
    const product = await stack.send('POST', '/api/products', {
      token,
      body: `{"sku":"ID-1","name":"Kettle","current_price":5,"category_id":${BEYOND}}`,
    });
    const url = await stack.send('POST', '/api/competitor-urls', {
      token,
      body: `{"product_id":${BEYOND},"competitor_name":"Shop","url":"https://shop.example.com/kettle"}`,
    });

    expect(product.status).toBe(400);
    expect(product.body.fields).toEqual({ category_id: refusedId('Category') });
    expect(url.status).toBe(400);
    expect(url.body.fields).toEqual({ product_id: refusedId('product_id') });
  });

  it('stop there: the largest id is looked up like any other', async () => {
    const answer = await stack.api('GET /api/competitor-urls/{id}', { token, params: { id: LARGEST } });

    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe(`Competitor URL ${LARGEST} not found`);
  });
});
