import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportKind } from '@cmp/shared';
import { conditionHeld, db, epochSeconds, nowIso, tableName } from './dynamo';

/**
 * An upload slot at `UPLOAD#<id>` / `UPLOAD`: what POST /api/imports/uploads handed out, so an import
 * naming it knows its kind and file name, and takes it once. Expires with its file (a day).
 */
export interface UploadRecord {
  id: string;
  kind: ImportKind;
  file_name: string;
  created_at: string;
  /** When an import took it; null until then. */
  used_at: string | null;
}

const keys = { upload: (id: string) => ({ PK: `UPLOAD#${id}`, SK: 'UPLOAD' }) };

const UPLOAD_KEEP_DAYS = 1;

export async function putUpload(upload: Omit<UploadRecord, 'created_at' | 'used_at'>): Promise<UploadRecord> {
  const record: UploadRecord = { ...upload, created_at: nowIso(), used_at: null };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.upload(upload.id),
        type: 'upload',
        ...record,
        expires_at: epochSeconds(Date.now() + UPLOAD_KEEP_DAYS * 86_400_000),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return record;
}

export async function getUpload(id: string): Promise<UploadRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.upload(id),
      ConsistentRead: true,
      ProjectionExpression: 'id, kind, file_name, created_at, used_at',
    }),
  );
  return Item as UploadRecord | undefined;
}

/** Marks the upload taken by an import; false when one took it already. */
export async function takeUpload(id: string): Promise<boolean> {
  return conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.upload(id),
        UpdateExpression: 'SET used_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND used_at = :none',
        ExpressionAttributeValues: { ':now': nowIso(), ':none': null },
      }),
    ),
  );
}
