import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, epochSeconds, tableName } from './dynamo';
import { queryAll } from './query-all';

/**
 * One small item per check a run recorded, at `RUN_CHECKS#<run id>` / `<checked at>#<url id>`, so
 * the lists kept during a run read only the URLs it checked since they last looked, instead of
 * every URL (decision 71). Written just before the URL's new state, so no change goes unnoted; a
 * reader may see a note before its change, and reads the notes of the last 30 s again anyway.
 * Needed only while the run goes and just after, so it expires after two days.
 */
const KEEP_MS = 2 * 86_400_000;
const partition = (runId: string) => `RUN_CHECKS#${runId}`;

export async function noteRunCheck(runId: string, urlId: number, checkedAt: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: partition(runId),
        SK: `${checkedAt}#${urlId}`,
        expires_at: epochSeconds(Date.parse(checkedAt) + KEEP_MS),
      },
    }),
  );
}

/**
 * The URLs the run noted a check of at or after `since` (ISO time; null: since it started), each
 * once, read consistently: a note written before this read is in it.
 */
export async function urlsCheckedSince(runId: string, since: string | null): Promise<number[]> {
  const items = await queryAll<{ SK: string }>({
    TableName: tableName(),
    KeyConditionExpression: since === null ? 'PK = :pk' : 'PK = :pk AND SK >= :since',
    ExpressionAttributeValues: { ':pk': partition(runId), ...(since === null ? {} : { ':since': since }) },
    ProjectionExpression: 'SK',
    ConsistentRead: true,
  });
  return [...new Set(items.map((item) => Number(item.SK.slice(item.SK.lastIndexOf('#') + 1))))];
}
