// Turns a contract route id into the method and path the transport sends (pure, no Amplify).
import type { HttpMethod } from '@cmp/shared';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];
const isMethod = (text: string): text is HttpMethod => METHODS.includes(text);

/** The contract's paths start with the API's base path; the transport's paths are relative to `apiUrl`. */
const API_BASE = '/api';

/**
 * The method and the path (relative to `apiUrl`) of a route id, with each `{name}` filled from `params`.
 * @example routeRequest('PUT /api/products/{id}', { id: 7 }) // { method: 'PUT', path: '/products/7' }
 */
export function routeRequest(
  id: string,
  params: Readonly<Record<string, string | number>> = {},
): { method: HttpMethod; path: string } {
  const [method = '', template = ''] = id.split(' ');
  if (!isMethod(method) || !template.startsWith(`${API_BASE}/`)) throw new Error(`Not a route id: ${id}`);
  const path = template.slice(API_BASE.length).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return { method, path };
}
