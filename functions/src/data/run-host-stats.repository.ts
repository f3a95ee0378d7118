import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHECK_OUTCOMES, type CheckOutcomeKind, countByOutcome, type OutcomeCounts } from '@cmp/shared';
import { checkTimeBucket, medianCheckMs } from '../scrape-run/check-time';
import { db, epochSeconds, tableName } from './dynamo';
import { queryAll } from './query-all';

/**
 * How each host's checks went in a run (issue 31: the Competitor hosts screen), one item per run
 * and host at `RUN_HOSTS#<run id>` / `<host>`: a count per outcome (`n_<outcome>`) and per check-time
 * bucket (`ms_<bucket>`, check-time.ts), each check adding to them in one write. Kept as long as
 * the screen reads them: the last runs', a quarter of a year at most.
 */
const KEEP_DAYS = 90;
const partition = (runId: string) => `RUN_HOSTS#${runId}`;

export interface RunHostStats {
  counts: OutcomeCounts;
  /** Null when no check's time was counted. */
  median_check_ms: number | null;
}

/** Counts one check of `host` in the run: its outcome and, when known, how long it took. */
export async function countHostCheck(
  runId: string,
  host: string,
  outcome: CheckOutcomeKind,
  checkMs: number | null,
): Promise<void> {
  const timeField: Record<string, string> =
    checkMs === null ? {} : { '#time': `ms_${checkTimeBucket(checkMs)}` };
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: partition(runId), SK: host },
      UpdateExpression: `ADD ${['#outcome', ...Object.keys(timeField)].map((f) => `${f} :one`).join(', ')} SET expires_at = if_not_exists(expires_at, :expires)`,
      ExpressionAttributeNames: { '#outcome': `n_${outcome}`, ...timeField },
      ExpressionAttributeValues: { ':one': 1, ':expires': epochSeconds(Date.now() + KEEP_DAYS * 86_400_000) },
    }),
  );
}

/** Each host the run checked, with how its checks went. */
export async function runHostStats(runId: string): Promise<Map<string, RunHostStats>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition(runId) },
  });
  const stats = new Map<string, RunHostStats>();
  for (const item of items) {
    const counts = countByOutcome([]);
    for (const outcome of CHECK_OUTCOMES) counts[outcome] = Number(item[`n_${outcome}`] ?? 0);
    const buckets = new Map<number, number>();
    for (const [field, value] of Object.entries(item))
      if (field.startsWith('ms_')) buckets.set(Number(field.slice(3)), Number(value));
    stats.set(String(item.SK), { counts, median_check_ms: medianCheckMs(buckets) });
  }
  return stats;
}
