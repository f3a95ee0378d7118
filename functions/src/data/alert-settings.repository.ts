import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type AlertEventSettings, DEFAULT_ALERT_EVENTS, type DeliveryResult } from '@cmp/shared';
import type { StoredChannel } from '../alerts/channel';
import { db, nowIso, tableName } from './dynamo';

/**
 * The alert settings, one item at `ALERT_SETTINGS`: which kinds are on, their thresholds, the
 * channels with their webhook secrets. Each channel's last delivery is its own item
 * (`ALERT_CHANNEL#<id>`), so recording a delivery never races an admin saving the settings.
 */
export interface StoredAlertSettings {
  events: AlertEventSettings;
  channels: Omit<StoredChannel, 'last_delivery'>[];
}

const keys = {
  settings: { PK: 'ALERT_SETTINGS', SK: 'ALERT_SETTINGS' },
  lastDelivery: (channelId: string) => ({ PK: `ALERT_CHANNEL#${channelId}`, SK: 'LAST_DELIVERY' }),
};

/** The settings as saved, or every kind on at its default and no channel before anyone saved any. */
export async function readAlertSettings(): Promise<StoredAlertSettings> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.settings, ConsistentRead: true }),
  );
  if (!Item) return { events: DEFAULT_ALERT_EVENTS, channels: [] };
  return { events: { ...DEFAULT_ALERT_EVENTS, ...Item.events }, channels: Item.channels ?? [] };
}

export async function saveAlertSettings(settings: StoredAlertSettings): Promise<void> {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.settings, ...settings, updated_at: nowIso() } }),
  );
}

/** Each channel's last delivery (null: none yet), by channel id. */
export async function readLastDeliveries(
  channelIds: readonly string[],
): Promise<Map<string, DeliveryResult>> {
  const found = new Map<string, DeliveryResult>();
  if (channelIds.length === 0) return found;
  // At most MAX_ALERT_CHANNELS (20) ids: one BatchGetItem, repeated for what it hands back.
  let requested: Record<string, unknown>[] = channelIds.map(keys.lastDelivery);
  for (let attempt = 0; requested.length > 0 && attempt < 10; attempt++) {
    const answer = await db().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: requested, ConsistentRead: true } } }),
    );
    for (const item of answer.Responses?.[tableName()] ?? [])
      found.set(item.channel_id, { at: item.at, ok: item.ok, message: item.message });
    requested = (answer.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
  }
  return found;
}

export async function recordLastDelivery(channelId: string, result: DeliveryResult): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.lastDelivery(channelId), channel_id: channelId, ...result },
    }),
  );
}
