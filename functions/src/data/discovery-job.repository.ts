import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_DISCOVERY_SETTINGS,
  type DiscoveryJob,
  type DiscoverySettings,
  MAX_DISCOVERY_PROBLEMS,
} from '@cmp/shared';
import { conditionHeld, db, nowIso, tableName } from './dynamo';

/**
 * A competitor's latest discovery job (issue 32), one item at `DISCOVERY#<competitor id>` / `JOB`,
 * replaced by the next job: its progress is counted into it by the job's tasks (ADD), only while
 * it is the same job and running. The discovery settings are one item at `DISCOVERY_SETTINGS`.
 */
export interface DiscoveryJobRecord extends DiscoveryJob {
  execution_arn: string;
  created_at: string;
}

const jobKey = (competitorId: number) => ({ PK: `DISCOVERY#${competitorId}`, SK: 'JOB' });
const SETTINGS_KEY = { PK: 'DISCOVERY_SETTINGS', SK: 'DISCOVERY_SETTINGS' };

const fromItem = ({ PK: _pk, SK: _sk, ...record }: Record<string, unknown>) =>
  record as unknown as DiscoveryJobRecord;

export async function getDiscoveryJob(competitorId: number): Promise<DiscoveryJobRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(competitorId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
}

/**
 * Makes `job` the competitor's latest, unless one is queued or running and younger than
 * `staleBefore` (one whose execution died long ago does not block the next): false then.
 */
export function putNewDiscoveryJob(job: DiscoveryJobRecord, staleBefore: string): Promise<boolean> {
  return conditionHeld(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...jobKey(job.competitor_id), ...job },
        ConditionExpression:
          'attribute_not_exists(PK) OR NOT #status IN (:queued, :running) OR created_at < :stale',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued', ':running': 'running', ':stale': staleBefore },
      }),
    ),
  );
}

type Counter = 'pages_read' | 'pages_skipped' | 'products_found' | 'errors';

/**
 * Changes the job while it is the competitor's latest and not ended: counters added to, fields set.
 * False when it is another job or ended.
 */
export function updateDiscoveryJob(
  competitorId: number,
  jobId: string,
  change: {
    add?: Partial<Record<Counter, number>>;
    set?: Partial<
      Pick<
        DiscoveryJobRecord,
        'status' | 'started_at' | 'finished_at' | 'pages_listed' | 'pages_recent' | 'suggestions'
      >
    >;
  },
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status', '#id': 'id' };
  const values: Record<string, unknown> = { ':id': jobId, ':queued': 'queued', ':running': 'running' };
  const adds: string[] = [];
  const sets: string[] = [];
  for (const [field, amount] of Object.entries(change.add ?? {})) {
    if (!amount) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = amount;
    adds.push(`#${field} :${field}`);
  }
  for (const [field, value] of Object.entries(change.set ?? {})) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (adds.length === 0 && sets.length === 0) return Promise.resolve(true);
  return conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(competitorId),
        UpdateExpression: [
          sets.length ? `SET ${sets.join(', ')}` : '',
          adds.length ? `ADD ${adds.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' '),
        ConditionExpression: '#id = :id AND #status IN (:queued, :running)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** Notes what could not be read, while the job keeps fewer than MAX_DISCOVERY_PROBLEMS lines. */
export async function addDiscoveryProblems(
  competitorId: number,
  jobId: string,
  problems: readonly string[],
): Promise<void> {
  if (problems.length === 0) return;
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(competitorId),
        UpdateExpression: 'SET #problems = list_append(#problems, :problems)',
        ConditionExpression: '#id = :id AND size(#problems) < :max',
        ExpressionAttributeNames: { '#problems': 'problems', '#id': 'id' },
        ExpressionAttributeValues: {
          ':problems': problems.slice(0, MAX_DISCOVERY_PROBLEMS),
          ':id': jobId,
          ':max': MAX_DISCOVERY_PROBLEMS,
        },
      }),
    ),
  );
}

export async function readDiscoverySettings(): Promise<DiscoverySettings> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: SETTINGS_KEY, ConsistentRead: true }),
  );
  if (!Item) return DEFAULT_DISCOVERY_SETTINGS;
  const { max_pages, match_threshold, auto_accept } = { ...DEFAULT_DISCOVERY_SETTINGS, ...Item };
  return { max_pages, match_threshold, auto_accept };
}

export async function saveDiscoverySettings(settings: DiscoverySettings): Promise<void> {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...SETTINGS_KEY, ...settings, updated_at: nowIso() } }),
  );
}
