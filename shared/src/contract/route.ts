import * as z from 'zod';
import { idText } from '../ids';

/**
 * The building blocks of the API contract: what a route is, the error answer every route shares,
 * and the path parameters and request shapes several routes use.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/products/{id}`. */
  readonly path: string;
  /** Public routes answer without a token; every other route requires a valid session. */
  readonly public?: true;
  /**
   * A POST that changes nothing (a preview, signing out): viewers may call it. Every other route
   * but a GET changes something, and answers a viewer 403.
   */
  readonly readOnly?: true;
  readonly summary: string;
  /**
   * What the success answer is when it is not JSON: `'text/csv'` answers a CSV file, its success
   * schema a string (the file's text). Errors stay JSON.
   */
  readonly produces?: 'text/csv';
  readonly request: {
    readonly params?: z.ZodObject;
    readonly query?: z.ZodObject;
    /** A JSON body. */
    readonly body?: z.ZodType;
    /** A `multipart/form-data` body: the handler reads it itself (busboy), the schema describes it. */
    readonly multipart?: z.ZodType;
    /** A JSON body the handler takes instead of `multipart` (an uploaded file named by its id); it reads it itself. */
    readonly jsonInstead?: z.ZodType;
  };
  /**
   * The answer per status: one success status (200, 201 or 202), the rest errors; the CSV imports
   * answer 200 with the result, or 202 with the job when the import takes longer.
   */
  readonly responses: Readonly<Partial<Record<number, z.ZodType>>>;
}

/**
 * Every failure, whatever the status: a message that can be shown to a user as it is. `fields`, when
 * the failure is about input fields, maps each field's path (`sku`, `channels.0.url`) to its message.
 */
export const errorSchema = z.strictObject({
  success: z.literal(false),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** The error answers a route can give, each with the shared error shape. */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<
    S[number],
    typeof errorSchema
  >;
}

/** A success that carries nothing else (deletes, sign-out). */
export const successSchema = z.strictObject({ success: z.literal(true) });

/** Path parameters holding our integer ids (`/api/products/{id}`): anything else is a 400. */
export const idParams = z.object({ id: idText('id') });
export const productIdParams = z.object({ productId: idText('productId') });

/** The body of the CSV imports: one file, field `file`. */
export const csvUploadSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'The CSV file (UTF-8)' }),
});

/** A CSV file in the answer: UTF-8 with a byte-order mark. */
export const csvTextSchema = z.string().meta({ description: 'CSV (RFC 4180, UTF-8 with BOM, CRLF)' });

/** A file too large for one answer: a link to it, valid 15 minutes (docs/api.md#csv-exports). */
export const downloadLinkSchema = z.strictObject({ success: z.literal(true), download_url: z.string() });

/**
 * The success answer of a `produces: 'text/csv'` route: the file (text/csv), or, past 5 MB, a link
 * to it (JSON).
 */
export const csvFileSchema = z.union([csvTextSchema, downloadLinkSchema]);

/** The route id (`'GET /api/products'`) of each route, so a contract cannot name a route twice or wrongly. */
export type RoutesById<T extends readonly RouteContract[]> = {
  [R in T[number] as `${R['method']} ${R['path']}`]: R;
};

/** Keys the routes by their id: `defineRoutes(...)['GET /api/products']`. */
export function defineRoutes<const T extends readonly RouteContract[]>(...routes: T): RoutesById<T> {
  return Object.fromEntries(routes.map((route) => [`${route.method} ${route.path}`, route])) as RoutesById<T>;
}
