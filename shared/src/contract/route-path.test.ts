import { describe, expect, it } from 'vitest';
import { routeRequest } from './route-path';

describe('routeRequest', () => {
  it('sends a route without parameters to its path', () => {
    expect(routeRequest('GET /api/products')).toEqual({ method: 'GET', path: '/api/products' });
  });

  it('fills each path parameter, encoded', () => {
    expect(routeRequest('GET /api/competitor-urls/product/{productId}', { productId: 12 })).toEqual({
      method: 'GET',
      path: '/api/competitor-urls/product/12',
    });
    expect(routeRequest('DELETE /api/categories/{id}', { id: 'a/b' }).path).toBe('/api/categories/a%2Fb');
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => routeRequest('PUT /api/products/{id}')).toThrow(
      'PUT /api/products/{id} needs the parameter id',
    );
  });

  it('refuses an id that is not a method and an API path', () => {
    expect(() => routeRequest('FETCH /api/products')).toThrow('Not a route id');
    expect(() => routeRequest('GET /products')).toThrow('Not a route id');
  });
});
