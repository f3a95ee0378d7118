import { importResultSchema } from '../catalogue';
import { importJobAnswerSchema } from '../import-job';
import { importByUploadSchema } from '../import-upload';
import { csvUploadSchema, errors } from './route';

/** What both CSV imports take: the multipart file, or the id of a file uploaded to storage (docs/api.md#uploads). */
export const csvImportRequest = { multipart: csvUploadSchema, jsonInstead: importByUploadSchema };

/** What both CSV imports answer: the result, or the job when it takes longer (docs/api.md#imports). */
export const csvImportResponses = {
  200: importResultSchema,
  202: importJobAnswerSchema,
  ...errors(400, 401, 404, 409, 413, 415, 500),
};
