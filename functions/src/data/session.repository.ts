import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, epochSeconds, nowIso, tableName } from './dynamo';

/**
 * Sign-in sessions at `SESSION#<id>`. Every token names its session, so revoking the session
 * (logout) or disabling the user (which moves the user's session generation on) ends the token's
 * life before its expiry.
 */
export interface SessionRecord {
  session_id: string;
  user_id: number;
  /** The user's session generation at sign-in; absent on sessions older than generations (0). */
  user_generation?: number;
  created_at: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expires_at: number;
  revoked_at?: string;
}

const sessionKey = (id: string) => ({ PK: `SESSION#${id}`, SK: 'SESSION' });

export async function createSession(
  sessionId: string,
  user: { id: number; session_generation: number },
  expiresAtMs: number,
): Promise<void> {
  const item: SessionRecord = {
    session_id: sessionId,
    user_id: user.id,
    user_generation: user.session_generation,
    created_at: nowIso(),
    expires_at: epochSeconds(expiresAtMs),
  };
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...sessionKey(sessionId), type: 'session', ...item } }),
  );
}

export async function getSession(sessionId: string): Promise<SessionRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId) }));
  return Item as SessionRecord | undefined;
}

export async function revokeSession(sessionId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sessionKey(sessionId),
      UpdateExpression: 'SET revoked_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': nowIso() },
    }),
  );
}
