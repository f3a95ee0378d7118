import * as z from 'zod';
import { defineRoutes, errors } from './route';

/** An OpenAPI 3.1 document: the fields every reader relies on, the rest as the generator writes it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()).optional(),
});

export const metaRoutes = defineRoutes({
  method: 'GET',
  path: '/api/openapi.json',
  public: true,
  summary: 'This API as an OpenAPI 3.1 document, generated from the contract (no data)',
  request: {},
  responses: { 200: openApiDocumentSchema, ...errors(500) },
});
