import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, NO_FILE_MESSAGE } from '@cmp/shared';
import busboy from 'busboy';
import { InvalidInputError, TooLargeError, UnsupportedFormatError } from '../../domain/errors';

export interface UploadedFile {
  filename: string;
  mimeType: string;
  content: Buffer;
  /** Its key in the data bucket, for a file sent there (large-upload.ts). */
  key?: string;
}

/** The form field the import dialogs send the file in. */
const FILE_FIELD = 'file';

/**
 * Reads the one file of a multipart/form-data body. Anything else in the body (another field or
 * file, before or after it), a file over MAX_UPLOAD_BYTES (2 MiB) or a body that is not multipart is
 * refused with a clear 4xx, before anything is imported.
 */
export function readUploadedFile(contentType: string | undefined, body: Buffer): Promise<UploadedFile> {
  if (!/^multipart\/form-data/i.test(contentType ?? '')) {
    return Promise.reject(new UnsupportedFormatError('Upload the file as multipart/form-data'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // No field at all, and busboy's parts limit fires when a second part ends, whatever its kind
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 0, parts: 2 },
      });
    } catch {
      reject(new InvalidInputError('The upload is not valid multipart/form-data'));
      return;
    }
    let file: UploadedFile | undefined;
    let failure: Error | undefined;
    const onlyTheFile = () => {
      failure ??= new InvalidInputError('Send only the file: the upload may not hold other form fields');
    };
    parser.on('file', (field, stream, info) => {
      if (field !== FILE_FIELD) onlyTheFile();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new TooLargeError(FILE_TOO_LARGE_MESSAGE);
      });
      stream.on('end', () => {
        file = { filename: info.filename ?? '', mimeType: info.mimeType, content: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => {
      failure ??= new InvalidInputError('Upload one file at a time');
    });
    parser.on('fieldsLimit', onlyTheFile);
    parser.on('partsLimit', onlyTheFile);
    parser.on('error', () => reject(new InvalidInputError('The upload is not valid multipart/form-data')));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!file) reject(new InvalidInputError(NO_FILE_MESSAGE));
      else resolve(file);
    });
    parser.end(body);
  });
}

/** UTF-8 text with or without a byte-order mark; anything else is refused rather than garbled. */
export function decodeUtf8(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw new InvalidInputError('The file is not UTF-8 text; save it as CSV UTF-8 and try again');
  }
}
