import * as z from 'zod';
import { importJobAnswerSchema } from '../import-job';
import { defineRoutes, errors } from './route';

export const importIdParams = z.object({ id: z.uuid('must be an import id') });

export const importRoutes = defineRoutes({
  method: 'GET',
  path: '/api/imports/{id}',
  summary: 'How a CSV import that became a job (202 from an import) is getting on, and its result once done',
  request: { params: importIdParams },
  responses: { 200: importJobAnswerSchema, ...errors(400, 401, 404, 500) },
});
