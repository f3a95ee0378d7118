import { describe, expect, it } from 'vitest';
import type { RouteId } from './contract';
import { routeRequest } from './route-path';
import type { Reply, RouteArguments, RouteRequest } from './route-types';

// Type tests: `npm run typecheck` fails when a `@ts-expect-error` below stops being an error, i.e.
// when a caller could send a request the contract does not take.

/** A caller typed as the web client and the tests' `api()` are. */
declare function call<Id extends RouteId>(id: Id, ...request: RouteArguments<Id>): Reply<Id>;

const typeChecks = () => {
  const product = { sku: 'K-1', name: 'Kettle', current_price: 20 };
  const fine = [
    call('GET /api/products'),
    call('PUT /api/products/{id}', { params: { id: 7 }, body: product }),
    call('GET /api/scraper/logs', { query: { limit: '10' } }),
    call('POST /api/products/import', { body: new FormData() }),
  ];
  // @ts-expect-error: the path of PUT /api/products/{id} needs its id
  call('PUT /api/products/{id}', { body: product });
  // @ts-expect-error: POST /api/products takes a body
  call('POST /api/products');
  // @ts-expect-error: the SKU is text
  call('POST /api/products', { body: { ...product, sku: 5 } });
  // @ts-expect-error: GET /api/products takes no body
  call('GET /api/products', { body: {} });
  // @ts-expect-error: GET /api/scraper/logs reads `limit`, nothing else
  call('GET /api/scraper/logs', { query: { limt: '10' } });
  // @ts-expect-error: an import is a file (FormData), not JSON
  call('POST /api/products/import', { body: { rows: [] } });
  // @ts-expect-error: the answer of GET /api/products is a list
  const one: Reply<'GET /api/products'>['product'] = undefined;
  const request: RouteRequest<'DELETE /api/categories/{id}'> = { params: { id: '3' } };
  return [fine, one, request];
};

describe('route request types from the contract', () => {
  it('are checked by the compiler (the @ts-expect-error lines above); a typed request names its path', () => {
    const request: RouteRequest<'PUT /api/products/{id}'> = {
      params: { id: 7 },
      body: { sku: 'K-1', name: 'Kettle', current_price: 20 },
    };
    expect(typeof typeChecks).toBe('function');
    expect(routeRequest('PUT /api/products/{id}', request.params)).toEqual({
      method: 'PUT',
      path: '/api/products/7',
    });
  });
});
