import { DeleteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../domain/errors';
import { conditionHeld, db, nowIso, tableName } from './dynamo';

/**
 * Uniqueness without transactions (dynalite has none): a value is claimed by a conditional put of
 * an item keyed by that value, before the entity is written, and released when the entity goes.
 */
export type ClaimKey = { PK: string; SK: 'UNIQUE' };

/** A claim as stored: its key, the id of the entity holding it, and the item as read. */
export interface Claim {
  key: ClaimKey;
  ownerId: number;
  /** Every attribute of the claim item, for the repair of its kind to read its own. */
  item: Record<string, unknown>;
}

/**
 * `field`: the input field holding the claimed value, so the conflict shows beside it in a form.
 * `extra`: more attributes of the claim (the import that made it).
 */
export async function claimUnique(
  key: ClaimKey,
  ownerId: number,
  conflictMessage: string,
  field?: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const claimed = await conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        // When it was claimed: a repair leaves young claims alone, their entity may be on its way.
        Item: { ...key, ...extra, owner_id: ownerId, claimed_at: nowIso() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
  if (!claimed) throw new ConflictError(conflictMessage, field ? { field } : {});
}

/**
 * Gives a claim that `formerOwner` still holds, made by `extra`'s import or before `claimedBefore`,
 * to `ownerId`. The caller has made sure no entity holds it. True when it changed hands.
 */
export async function takeOverClaim(
  key: ClaimKey,
  formerOwner: number,
  ownerId: number,
  extra: { import_id: string },
  claimedBefore: string,
): Promise<boolean> {
  return conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, ...extra, owner_id: ownerId, claimed_at: nowIso() },
        ConditionExpression: 'owner_id = :former AND (import_id = :import OR claimed_at < :before)',
        ExpressionAttributeValues: {
          ':former': formerOwner,
          ':import': extra.import_id,
          ':before': claimedBefore,
        },
      }),
    ),
  );
}

/** The id of the entity holding a claim, if any. */
export async function claimOwner(key: ClaimKey): Promise<number | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return typeof Item?.owner_id === 'number' ? Item.owner_id : undefined;
}

/**
 * Releases a claim, but only the owner's: a claim someone else took since is left alone. With
 * `claimedBefore`, only a claim made before then (or of unknown age) goes. True when it went.
 */
export async function releaseUnique(
  key: ClaimKey,
  ownerId: number,
  claimedBefore?: string,
): Promise<boolean> {
  return conditionHeld(
    db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression:
          claimedBefore === undefined
            ? 'owner_id = :owner'
            : 'owner_id = :owner AND (attribute_not_exists(claimed_at) OR claimed_at < :before)',
        ExpressionAttributeValues: {
          ':owner': ownerId,
          ...(claimedBefore === undefined ? {} : { ':before': claimedBefore }),
        },
      }),
    ),
  );
}

/**
 * Every claim item (SKU claims, URL claims: callers pick theirs by key). Claims have no index, so
 * this scans the whole table: for repairs (`npm run repair:claims`, the local start), never for a
 * request.
 */
export async function scanClaims(): Promise<Claim[]> {
  const claims: Claim[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :unique',
        ExpressionAttributeValues: { ':unique': 'UNIQUE' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      claims.push({ key: { PK: String(item.PK), SK: 'UNIQUE' }, ownerId: Number(item.owner_id), item });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return claims;
}
