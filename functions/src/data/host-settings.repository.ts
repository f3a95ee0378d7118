import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_HOST_SETTINGS, type FetchMode } from '@cmp/shared';
import { db, nowIso, tableName } from './dynamo';
import { queryAll } from './query-all';

/**
 * Each competitor host's fetch settings (issue 31), one item per host at `HOST_SETTINGS` /
 * `<host>`: a few hundred hosts at most, listed by one query. A host nobody set anything for has no
 * item and the defaults. The proxy's password is not here: it is a secret of its own
 * (lib/proxy-secrets.ts); here only its last characters, to show.
 */
export interface HostSettingsRecord {
  host: string;
  fetch_mode: FetchMode;
  render_wait_ms: number;
  spacing_seconds: number;
  proxy: { url: string; username: string; password_hint: string } | null;
  /** `auto` found the host's pages need the browser (the runs set it). */
  escalated: boolean;
  updated_at?: string;
  updated_by?: string;
}

const PARTITION = 'HOST_SETTINGS';
const key = (host: string) => ({ PK: PARTITION, SK: host });

const fromItem = (item: Record<string, unknown>): HostSettingsRecord => {
  const { PK: _pk, SK: _sk, ...record } = item;
  // Shipping is a comparison input, kept with them (catalogue-version.repository.ts), not here.
  const { shipping: _shipping, ...defaults } = DEFAULT_HOST_SETTINGS;
  return { ...defaults, escalated: false, ...record } as HostSettingsRecord;
};

export async function listHostSettings(): Promise<HostSettingsRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': PARTITION },
  });
  return items.map(fromItem);
}

export async function getHostSettings(host: string): Promise<HostSettingsRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(host), ConsistentRead: true }),
  );
  return Item && fromItem(Item);
}

/** Replaces what an admin sets; what the runs found (escalated) stays. */
export async function putHostSettings(
  settings: Omit<HostSettingsRecord, 'escalated' | 'updated_at'>,
  escalated: boolean,
): Promise<HostSettingsRecord> {
  const record: HostSettingsRecord = { ...settings, escalated, updated_at: nowIso() };
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key(settings.host), ...record } }));
  return record;
}

/**
 * What `auto` found of the host's pages: they need the browser. The host keeps its other settings
 * (a host nobody set anything for gets an item with this alone, read with the defaults).
 */
export async function setHostEscalated(host: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(host),
      UpdateExpression: 'SET host = :host, escalated = :escalated',
      ExpressionAttributeValues: { ':host': host, ':escalated': true },
    }),
  );
}
