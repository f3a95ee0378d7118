import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AlertDelivery, AlertEvent, AlertKind } from '@cmp/shared';
import type { AlertState } from '../alerts/derive-alerts';
import { mapLimit } from '../lib/map-limit';
import { batchPut } from './batch-write';
import { conditionHeld, db, epochSeconds, tableName } from './dynamo';
import { queryAll, sortableId } from './query-all';
import { GSI1, GSI2 } from './table';

/**
 * Alerts, their deliveries and the state they are derived against.
 * - An alert at `ALERT_RUN#<run id>` / `ALERT#<product id>#<kind>#<URL id or 0>`: written only if
 *   absent, so deriving a run's events again (a retried task) adds none twice. GSI1 (`ALERTS`) and
 *   GSI2 (`ALERTS_PRODUCT#<product id>`) list them newest first (sort key `<created at>#<id>`).
 * - A run's delivery to a channel at `ALERT_RUN#<run id>` / `DELIVERY#<channel id>`.
 * - A product's alert state at `ALERT_STATES` / `<product id>`: what was last reported.
 * Alerts and deliveries expire after ALERT_RETENTION_DAYS.
 */
export const ALERT_RETENTION_DAYS = 180;

export interface StoredAlert extends AlertEvent {
  id: string;
  run_id: string;
  created_at: string;
}

const STATES = 'ALERT_STATES';
const ALL_ALERTS = 'ALERTS';
const runKey = (runId: string) => `ALERT_RUN#${runId}`;
const productAlerts = (productId: number) => `ALERTS_PRODUCT#${productId}`;
const alertSk = (event: Pick<AlertEvent, 'product_id' | 'kind' | 'competitor_url_id'>) =>
  `ALERT#${sortableId(event.product_id)}#${event.kind}#${event.competitor_url_id ?? 0}`;

/** The alert's id: its run and what it is about, so the same event is the same alert. */
export const alertId = (
  runId: string,
  event: Pick<AlertEvent, 'product_id' | 'kind' | 'competitor_url_id'>,
) => `${runId}:${event.product_id}:${event.kind}:${event.competitor_url_id ?? 0}`;

const expiresAt = (createdAt: string) => epochSeconds(Date.parse(createdAt)) + ALERT_RETENTION_DAYS * 86_400;

/** Conditional writes in flight at once: a first run over a big catalogue may bring thousands of events. */
const WRITES_IN_FLIGHT = 16;

/** Writes the run's events that are not there yet; how many were written now. */
export async function putRunAlerts(
  runId: string,
  createdAt: string,
  events: readonly AlertEvent[],
): Promise<number> {
  const written = await mapLimit(events, WRITES_IN_FLIGHT, async (event) => {
    const id = alertId(runId, event);
    const listed = `${createdAt}#${id}`;
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            PK: runKey(runId),
            SK: alertSk(event),
            GSI1PK: ALL_ALERTS,
            GSI1SK: listed,
            GSI2PK: productAlerts(event.product_id),
            GSI2SK: listed,
            ...event,
            id,
            run_id: runId,
            created_at: createdAt,
            expires_at: expiresAt(createdAt),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  });
  return written.filter(Boolean).length;
}

const alertOf = ({ PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, expires_at, ...alert }: Record<string, unknown>) =>
  alert as unknown as StoredAlert;

/** Every alert of one run, by product. */
export async function listRunAlerts(runId: string): Promise<StoredAlert[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :run AND begins_with(SK, :alert)',
    ExpressionAttributeValues: { ':run': runKey(runId), ':alert': 'ALERT#' },
    ConsistentRead: true,
  });
  return items.map(alertOf);
}

/**
 * The newest alerts first, at most `limit`, of one kind and/or one product when asked. Expired
 * ones (which AWS deletes in its own time) are left out.
 */
export async function listAlerts(filter: {
  limit: number;
  kind?: AlertKind;
  productId?: number;
}): Promise<StoredAlert[]> {
  const byProduct = filter.productId !== undefined;
  const found: StoredAlert[] = [];
  let startKey: Record<string, unknown> | undefined;
  const now = epochSeconds(Date.now());
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: byProduct ? GSI2 : GSI1,
        KeyConditionExpression: byProduct ? 'GSI2PK = :list' : 'GSI1PK = :list',
        FilterExpression: `expires_at > :now${filter.kind ? ' AND kind = :kind' : ''}`,
        ExpressionAttributeValues: {
          ':list': byProduct ? productAlerts(filter.productId as number) : ALL_ALERTS,
          ':now': now,
          ...(filter.kind ? { ':kind': filter.kind } : {}),
        },
        ScanIndexForward: false,
        Limit: Math.min(1000, filter.limit * 2),
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (found.length < filter.limit) found.push(alertOf(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length < filter.limit);
  return found;
}

/** Every alert created at or after `since` (an ISO time), newest first. */
export async function listAlertsSince(since: string): Promise<StoredAlert[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :list AND GSI1SK >= :since',
    ExpressionAttributeValues: { ':list': ALL_ALERTS, ':since': since },
    ScanIndexForward: false,
  });
  return items.map(alertOf);
}

export async function recordRunDelivery(runId: string, delivery: AlertDelivery): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: runKey(runId),
        SK: `DELIVERY#${delivery.channel_id}`,
        ...delivery,
        expires_at: expiresAt(delivery.at),
      },
    }),
  );
}

/** How each channel took the run's digest. */
export async function listRunDeliveries(runId: string): Promise<AlertDelivery[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :run AND begins_with(SK, :delivery)',
    ExpressionAttributeValues: { ':run': runKey(runId), ':delivery': 'DELIVERY#' },
    ConsistentRead: true,
  });
  return items.map(({ channel_id, ok, at, message }) => ({ channel_id, ok, at, message }) as AlertDelivery);
}

/** Every product's alert state, by product id. */
export async function readAlertStates(): Promise<Map<number, AlertState>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :states',
    ExpressionAttributeValues: { ':states': STATES },
    ConsistentRead: true,
  });
  return new Map(items.map(({ product_id, state }) => [product_id as number, state as AlertState]));
}

export async function saveAlertStates(states: ReadonlyMap<number, AlertState>): Promise<void> {
  await batchPut(
    [...states].map(([productId, state]) => ({
      PK: STATES,
      SK: sortableId(productId),
      product_id: productId,
      state,
    })),
  );
}
