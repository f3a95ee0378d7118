import { matchRoute } from '@cmp/functions/http/routes';
import { contract, errorSchema, type RouteContract } from '@cmp/shared';
import * as z from 'zod';

/**
 * Checks an answer of the local stack against the API contract (shared/src/contract/): the route's
 * schema for that status, the shared error shape for any error, and, given the answer's content
 * type, that a CSV route's success is text/csv and everything else JSON. Throws with zod's readable
 * account of what differs, so every integration test also proves the contract describes the real API.
 */
export function checkAgainstContract(
  method: string,
  url: string,
  status: number,
  body: unknown,
  contentType?: string,
): void {
  const path = new URL(url, 'http://localhost').pathname;
  const match = routeOf(method, path);
  const route: RouteContract | undefined = match ? contract[match.route.id] : undefined;
  const produces = status < 300 ? route?.produces : undefined;
  const expectedType = produces ?? 'application/json';
  if (contentType !== undefined && body !== undefined && !contentType.startsWith(expectedType))
    throw new Error(`${method} ${path} answered ${status} as ${contentType}, not ${expectedType}`);
  const listed = match
    ? (contract[match.route.id].responses as Partial<Record<number, z.ZodType>>)[status]
    : undefined;
  const schema = listed ?? (status >= 400 ? errorSchema : undefined);
  const where = `${method} ${path} answered ${status}`;
  if (!schema)
    throw new Error(`${where}, a status the contract does not list for ${match?.route.id ?? 'any route'}`);
  const checked = schema.safeParse(body);
  if (!checked.success) {
    throw new Error(
      `${where} with a body the contract does not describe:\n${z.prettifyError(checked.error)}`,
    );
  }
}

/** The contract route of a request; none for a path that is not even valid percent-encoding. */
function routeOf(method: string, path: string) {
  try {
    return matchRoute(method, path);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
