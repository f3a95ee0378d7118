import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../http/errors';
import { db, isConditionFailed, tableName } from './dynamo';

/**
 * Uniqueness without transactions (dynalite has none): a value is claimed by a conditional put of
 * an item keyed by that value, before the entity is written, and released when the entity goes.
 */
export type ClaimKey = { PK: string; SK: 'UNIQUE' };

export async function claimUnique(key: ClaimKey, ownerId: number, conflictMessage: string): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...key, owner_id: ownerId },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) throw new ConflictError(conflictMessage);
    throw error;
  }
}

/** The id of the entity holding a claim, if any. */
export async function claimOwner(key: ClaimKey): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key }));
  return typeof Item?.owner_id === 'number' ? Item.owner_id : undefined;
}

/** Releases a claim, but only the owner's: a claim someone else took since is left alone. */
export async function releaseUnique(key: ClaimKey, ownerId: number): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: key,
        ConditionExpression: 'owner_id = :owner',
        ExpressionAttributeValues: { ':owner': ownerId },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
