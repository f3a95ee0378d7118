// Turns a contract route id into the method and path a request is sent to.
import type { HttpMethod } from './route';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];
const isMethod = (text: string): text is HttpMethod => METHODS.includes(text);

/** Every path of the contract starts with the API's base path. */
export const API_BASE = '/api';

/**
 * The method and the path of a route id, with each `{name}` filled from `params`, encoded.
 * @example routeRequest('PUT /api/products/{id}', { id: 7 }) // { method: 'PUT', path: '/api/products/7' }
 */
export function routeRequest(
  id: string,
  params: Readonly<Record<string, string | number>> = {},
): { method: HttpMethod; path: string } {
  const [method = '', template = ''] = id.split(' ');
  if (!isMethod(method) || !template.startsWith(`${API_BASE}/`)) throw new Error(`Not a route id: ${id}`);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return { method, path };
}
