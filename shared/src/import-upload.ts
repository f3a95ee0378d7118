import * as z from 'zod';
import { IMPORT_KINDS } from './import-job';

/**
 * A large CSV goes straight to the data bucket (docs/api.md#uploads, decision 69): the API hands out
 * a presigned POST for one key, the browser sends the file there, then the import (or its preview)
 * names the upload instead of carrying the file.
 */

/** The largest file an upload takes: 50 MB (the policy's content-length-range). */
export const MAX_LARGE_UPLOAD_BYTES = 50 * 1024 * 1024;
/** The one content type an upload may have (the policy's condition). */
export const UPLOAD_CONTENT_TYPE = 'text/csv';
/** Minutes an upload's form stays valid. */
export const UPLOAD_FORM_MINUTES = 15;

export const LARGE_FILE_TOO_LARGE_MESSAGE = 'The file is larger than 50 MB';

/** POST /api/imports/uploads: what is going to be sent. */
export const importUploadRequestSchema = z.strictObject({
  kind: z.enum(IMPORT_KINDS, { error: `kind must be one of ${IMPORT_KINDS.join(', ')}` }),
  filename: z
    .string('filename is required')
    .trim()
    .min(1, 'filename is required')
    .max(255, 'filename: at most 255 characters')
    .regex(/\.csv$/i, 'filename must end in .csv'),
  size: z
    .number('size must be the file size in bytes')
    .int('size must be the file size in bytes')
    .min(1, 'The file is empty'),
});
export type ImportUploadRequest = z.infer<typeof importUploadRequestSchema>;

/** Where and how to send the file: a form POST to `url` with `fields`, then the file as `file`. */
export const importUploadAnswerSchema = z.strictObject({
  success: z.literal(true),
  upload_id: z.uuid(),
  upload: z.strictObject({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type ImportUploadAnswer = z.infer<typeof importUploadAnswerSchema>;

/** An import or preview of a file already uploaded: JSON instead of the multipart file. */
export const importByUploadSchema = z.strictObject({
  upload_id: z.uuid('upload_id must be the id POST /api/imports/uploads answered'),
});
