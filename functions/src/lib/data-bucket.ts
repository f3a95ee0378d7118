import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { dataBucketConfigSchema, perSettings, settingsSection } from '../config';
import { awsClientOptions } from './aws-client';

const bucketSettings = settingsSection('DataBucket', dataBucketConfigSchema);

const s3 = perSettings(() => {
  const { S3_ENDPOINT } = bucketSettings();
  // A stand-in answers one host, so its bucket goes in the path; AWS takes the virtual-host form.
  return new S3Client({ ...awsClientOptions(S3_ENDPOINT), forcePathStyle: S3_ENDPOINT !== undefined });
});

/**
 * What the data bucket holds, by prefix: each has a lifecycle rule of its own (stateful-stack.ts)
 * that deletes it within days.
 */
export const RUN_FILES_PREFIX = 'runs/';
/** Days a run's items and results are kept: long enough to look into a run that went wrong. */
export const RUN_FILES_DAYS = 7;
/** CSV exports too large for one answer, fetched by a link (docs/api.md#csv-exports). */
export const EXPORT_FILES_PREFIX = 'exports/';
/** Days an export is kept: its link lasts 15 minutes; a day more lets nobody fetch a stale one by hand. */
export const EXPORT_FILES_DAYS = 1;
/** Large CSV files sent straight from the browser for an import (docs/api.md#uploads). */
export const UPLOAD_FILES_PREFIX = 'uploads/';
/** Days an uploaded file is kept: an import reads it within minutes; a day leaves room to look. */
export const UPLOAD_FILES_DAYS = 1;
/** How long a link to an object of the data bucket works. */
export const LINK_SECONDS = 15 * 60;

/** Where an object lives: the data bucket and its key (what a Map's ItemReader is given). */
export interface ObjectPlace {
  bucket: string;
  key: string;
}

/** Writes `body` at `key` of the data bucket and says where it is. */
export async function putDataObject(
  key: string,
  body: string | Buffer,
  contentType: string,
): Promise<ObjectPlace> {
  const bucket = bucketSettings().DATA_BUCKET;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // The length given: the SDK cannot tell an empty body's (a run with nothing to check) and warns.
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: bytes,
      ContentLength: bytes.length,
      ContentType: contentType,
    }),
  );
  return { bucket, key };
}

/** The lines of a text object of the data bucket, streamed: a manifest of a million lines is never one string. */
export async function* dataObjectLines(place: ObjectPlace): AsyncGenerator<string> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: place.bucket, Key: place.key }));
  const body = answer.Body as AsyncIterable<Uint8Array> | undefined;
  if (!body) return;
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield line;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

/**
 * A link that fetches the object at `key` for LINK_SECONDS, as a download named by `disposition`
 * (a presigned GET: whoever holds the link needs no other credentials).
 */
export async function dataObjectLink(key: string, disposition: string, contentType: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucketSettings().DATA_BUCKET,
    Key: key,
    ResponseContentDisposition: disposition,
    ResponseContentType: contentType,
  });
  return getSignedUrl(s3(), command, { expiresIn: LINK_SECONDS });
}

/**
 * A form that lets its holder POST one file to `key` (a presigned POST): at most `maxBytes`, of
 * `contentType` only, within `seconds`. S3 checks the policy; nothing else can be written with it.
 */
export async function dataObjectUploadForm(
  key: string,
  { maxBytes, contentType, seconds }: { maxBytes: number; contentType: string; seconds: number },
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), {
    Bucket: bucketSettings().DATA_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: seconds,
  });
}

/** The object at `key` with its content type; undefined when there is none. */
export async function readDataObject(
  key: string,
): Promise<{ body: Buffer; contentType: string } | undefined> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: bucketSettings().DATA_BUCKET, Key: key }));
    const bytes = await answer.Body?.transformToByteArray();
    return { body: Buffer.from(bytes ?? []), contentType: answer.ContentType ?? '' };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
