import type * as z from 'zod';
import type { Contract, RouteId } from './contract';

/**
 * The types of a route's request and answer, read from its contract entry, for the callers (the web
 * client, the tests' `api()`) and the handlers (functions/src/http/http-handler.ts) alike.
 */

type RequestSchemas<Id extends RouteId> = Contract[Id]['request'];
type PartName = 'params' | 'query' | 'body' | 'multipart' | 'jsonInstead';
type PartSchema<Id extends RouteId, P extends PartName> =
  RequestSchemas<Id> extends Record<P, infer S extends z.ZodType> ? S : never;

/** A part of the request as the handler receives it, parsed by the contract's schema (or undefined). */
export type ParsedPart<Id extends RouteId, P extends PartName> = [PartSchema<Id, P>] extends [never]
  ? undefined
  : z.output<PartSchema<Id, P>>;

/** The route's success status: the one 2xx its contract lists. */
export type SuccessStatus<Id extends RouteId> = Extract<keyof Contract[Id]['responses'], 200 | 201 | 202>;
type SuccessSchema<Id extends RouteId> = Contract[Id]['responses'][SuccessStatus<Id>];

/** The success body a handler writes (the schema's input). */
export type SuccessBody<Id extends RouteId> =
  SuccessSchema<Id> extends infer S extends z.ZodType ? z.input<S> : never;

/** The success body a caller reads, e.g. `Reply<'GET /api/products'>` (the schema's output). */
export type Reply<Id extends RouteId> = Id extends RouteId
  ? SuccessSchema<Id> extends infer S extends z.ZodType
    ? z.output<S>
    : never
  : never;

/** The `{name}` parts of a route's path: ids may be given as numbers. */
export type RequestParams<Id extends RouteId> = {
  readonly [Name in keyof z.input<PartSchema<Id, 'params'>>]: string | number;
};

/**
 * What a caller sends to a route, as its contract accepts it: `params` when the path has `{name}`
 * parts, `body` when it takes JSON (a FormData for the CSV uploads, or their JSON instead), `query`
 * when it reads one; a
 * route that takes none of them is called with none.
 * @example const request: RouteRequest<'PUT /api/products/{id}'> = { params: { id: 7 }, body: input };
 */
export type RouteRequest<Id extends RouteId> = ([PartSchema<Id, 'params'>] extends [never]
  ? { params?: never }
  : { params: RequestParams<Id> }) &
  ([PartSchema<Id, 'body'>] extends [never]
    ? [PartSchema<Id, 'multipart'>] extends [never]
      ? { body?: never }
      : [PartSchema<Id, 'jsonInstead'>] extends [never]
        ? { body: FormData }
        : { body: FormData | z.input<PartSchema<Id, 'jsonInstead'>> }
    : OptionalWhenUndefined<'body', z.input<PartSchema<Id, 'body'>>>) &
  ([PartSchema<Id, 'query'>] extends [never]
    ? { query?: never }
    : { query?: z.input<PartSchema<Id, 'query'>> });

/** `{ [Key]: Value }`, the key optional when the value may be undefined (a body a route can go without). */
type OptionalWhenUndefined<Key extends string, Value> = undefined extends Value
  ? { [K in Key]?: Value }
  : { [K in Key]: Value };

/** The arguments after the route id: none needed when the route takes nothing that must be given. */
export type RouteArguments<Id extends RouteId, Extra = object> =
  object extends RouteRequest<Id>
    ? [request?: RouteRequest<Id> & Extra]
    : [request: RouteRequest<Id> & Extra];

/** Any route's request as the transport sees it, whatever the route: what `RouteRequest` narrows. */
export interface SentRequest {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | undefined>>;
  body?: unknown;
}

/** The JSON body a route takes, as a caller writes it, e.g. `RequestBody<'POST /api/products'>`. */
export type RequestBody<Id extends RouteId> = z.input<PartSchema<Id, 'body'>>;
