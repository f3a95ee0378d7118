import { randomUUID } from 'node:crypto';
import {
  type ImportKind,
  type ImportUploadAnswer,
  type ImportUploadRequest,
  importByUploadSchema,
  LARGE_FILE_TOO_LARGE_MESSAGE,
  MAX_LARGE_UPLOAD_BYTES,
  UPLOAD_CONTENT_TYPE,
  UPLOAD_FORM_MINUTES,
} from '@cmp/shared';
import { getUpload, putUpload, takeUpload } from '../../data/upload.repository';
import { ConflictError, InvalidInputError, NotFoundError, TooLargeError } from '../../domain/errors';
import { dataObjectUploadForm, readDataObject, UPLOAD_FILES_PREFIX } from '../../lib/data-bucket';
import { readUploadedFile, type UploadedFile } from './upload';

/**
 * Large CSV files go straight to the data bucket (docs/api.md#uploads, decision 69): an upload is a
 * slot with a form for one key; the import or its preview names the slot, and an import takes it
 * once.
 */

const keyOf = (uploadId: string) => `${UPLOAD_FILES_PREFIX}${uploadId}.csv`;

/** POST /api/imports/uploads: a slot for the file, and the presigned form that sends it. */
export async function createLargeUpload({
  kind,
  filename,
  size,
}: ImportUploadRequest): Promise<ImportUploadAnswer> {
  if (size > MAX_LARGE_UPLOAD_BYTES) throw new TooLargeError(LARGE_FILE_TOO_LARGE_MESSAGE);
  const id = randomUUID();
  await putUpload({ id, kind, file_name: filename });
  const upload = await dataObjectUploadForm(keyOf(id), {
    maxBytes: MAX_LARGE_UPLOAD_BYTES,
    contentType: UPLOAD_CONTENT_TYPE,
    seconds: UPLOAD_FORM_MINUTES * 60,
  });
  return { success: true, upload_id: id, upload };
}

const usedAlready = (id: string) =>
  new ConflictError(`Upload ${id} was imported already: upload the file again to import it again`);

/** The file of upload `id` for an import of `kind`; `take`: the import takes it, so no other can. */
async function uploadedFile(id: string, kind: ImportKind, take: boolean): Promise<UploadedFile> {
  const upload = await getUpload(id);
  if (!upload || upload.kind !== kind) throw new NotFoundError(`Upload ${id} not found`);
  if (upload.used_at !== null) throw usedAlready(id);
  const object = await readDataObject(keyOf(id));
  if (!object)
    throw new InvalidInputError(`Upload ${id} has no file yet: send the file with the upload's form first`);
  if (take && !(await takeUpload(id))) throw usedAlready(id);
  return { filename: upload.file_name, mimeType: object.contentType, content: object.body, key: keyOf(id) };
}

const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

/**
 * The file an import or preview names: the multipart file, as the dialogs send small ones, or, for
 * a JSON body `{ upload_id }`, the file uploaded to that slot.
 */
export async function importFileOf(
  kind: ImportKind,
  contentType: string | undefined,
  body: Buffer,
  { take }: { take: boolean },
): Promise<UploadedFile> {
  if (!JSON_TYPE.test(contentType ?? '')) return readUploadedFile(contentType, body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new InvalidInputError('Request body is not valid JSON');
  }
  const named = importByUploadSchema.safeParse(parsed);
  if (!named.success)
    throw new InvalidInputError(named.error.issues.map((issue) => issue.message).join('; '));
  return uploadedFile(named.data.upload_id, kind, take);
}
