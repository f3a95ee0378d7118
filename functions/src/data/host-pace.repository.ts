import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, conditionHeld, db, epochSeconds, tableName } from './dynamo';

/**
 * The pace of requests to one competitor host, shared by every check in every Lambda (decision
 * 37): one item per host name, `HOST#<host>` / `PACE`, holding
 * - `next_start`: epoch ms before which no request to the host may start;
 * - `slot_0`, `slot_1`: the requests in flight, each as the time its place is freed at the latest
 *   (a crashed check's place frees itself then); absent when free;
 * - `spacing_ms`: the gap the host's robots.txt asks for (Crawl-delay), when it asks for one;
 * - `expires_at`: TTL, a day after the last start, so hosts no longer checked go.
 * Every change is one conditional update; nothing here waits.
 */
/** A host has two places for requests in flight: at most 2 at once. */
export type HostSlot = 0 | 1;

export interface HostPace {
  /** No request may start before this (epoch ms); 0 when the host has no item yet. */
  readonly nextStartMs: number;
  /** For each slot, when its request frees it at the latest (epoch ms); 0 when free. */
  readonly slotsBusyUntilMs: readonly [number, number];
}

const KEEP_MS = 24 * 60 * 60 * 1000;
const hostKey = (host: string) => ({ PK: `HOST#${host.toLowerCase()}`, SK: 'PACE' });
const slotName = (slot: HostSlot) => `slot_${slot}`;

/** The host's pace as it stands (strongly consistent: it decides when to try again). */
export async function readHostPace(host: string): Promise<HostPace> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: hostKey(host), ConsistentRead: true }),
  );
  const num = (value: unknown) => (typeof value === 'number' ? value : 0);
  return {
    nextStartMs: num(Item?.next_start),
    slotsBusyUntilMs: [num(Item?.slot_0), num(Item?.slot_1)],
  };
}

/**
 * Starts a request to the host in `slot` when that slot is free and the host's next start has
 * come (by `nowMs`): the slot is held until `busyUntilMs`, and the next start moves to
 * `nextFromMs` plus the host's Crawl-delay gap, or `minSpacingMs` when it has none. Answers that
 * next start, or null when another request got there first.
 */
export async function startHostRequest(
  host: string,
  slot: HostSlot,
  at: { nowMs: number; nextFromMs: number; minSpacingMs: number; busyUntilMs: number },
): Promise<number | null> {
  const started = await conditionalWrite(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: hostKey(host),
        UpdateExpression:
          'SET #slot = :busyUntil, next_start = :nextFrom + if_not_exists(spacing_ms, :minSpacing), expires_at = :expires',
        ConditionExpression:
          '(attribute_not_exists(#slot) OR #slot <= :now) AND (attribute_not_exists(next_start) OR next_start <= :now)',
        ExpressionAttributeNames: { '#slot': slotName(slot) },
        ExpressionAttributeValues: {
          ':busyUntil': at.busyUntilMs,
          ':now': at.nowMs,
          ':nextFrom': at.nextFromMs,
          ':minSpacing': at.minSpacingMs,
          ':expires': epochSeconds(at.nowMs + KEEP_MS),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return started ? Number(started.Attributes?.next_start) : null;
}

/** Frees the slot a request held, unless its time ran out and another request holds it now. */
export async function endHostRequest(host: string, slot: HostSlot, busyUntilMs: number): Promise<void> {
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: hostKey(host),
        UpdateExpression: 'REMOVE #slot',
        ConditionExpression: '#slot = :mine',
        ExpressionAttributeNames: { '#slot': slotName(slot) },
        ExpressionAttributeValues: { ':mine': busyUntilMs },
      }),
    ),
  );
}

/** No request to the host starts before `untilMs` (a Retry-After, or a Crawl-delay just learnt). */
export async function holdHostStarts(host: string, untilMs: number): Promise<void> {
  // The condition fails when starts are held at least as long already: nothing to do.
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: hostKey(host),
        UpdateExpression: 'SET next_start = :until, expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(next_start) OR next_start < :until',
        ExpressionAttributeValues: { ':until': untilMs, ':expires': epochSeconds(untilMs + KEEP_MS) },
      }),
    ),
  );
}

/** Keeps the gap robots.txt asks for between starts (null: none), for every check that has not read it yet. */
export async function setHostSpacing(host: string, spacingMs: number | null, nowMs: number): Promise<void> {
  const expires = { ':expires': epochSeconds(nowMs + KEEP_MS) };
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: hostKey(host),
      ...(spacingMs === null
        ? {
            UpdateExpression: 'SET expires_at = :expires REMOVE spacing_ms',
            ExpressionAttributeValues: expires,
          }
        : {
            UpdateExpression: 'SET spacing_ms = :spacing, expires_at = :expires',
            ExpressionAttributeValues: { ':spacing': spacingMs, ...expires },
          }),
    }),
  );
}
