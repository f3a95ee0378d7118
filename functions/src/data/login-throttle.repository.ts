import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, conditionHeld, db, epochSeconds, tableName } from './dynamo';

/**
 * Sign-in attempts in fixed windows, one item per subject (`THROTTLE#identifier#<as typed>`,
 * `THROTTLE#account#<user id>`, `THROTTLE#address#<ip>`). An attempt is reserved before the
 * password is checked, with a conditional write that counts it only while the window has room, so
 * concurrent guesses cannot overrun the limit. Expiry is checked in code; the TTL attribute only
 * lets AWS clean up.
 */
export type ThrottleSubject = { kind: 'identifier' | 'account' | 'address'; value: string };

export type Reservation =
  | { reserved: true; subject: ThrottleSubject; windowStartMs: number }
  | { reserved: false; retryAfterMs: number };

const throttleKey = ({ kind, value }: ThrottleSubject) => ({
  PK: `THROTTLE#${kind}#${value.toLowerCase()}`,
  SK: 'THROTTLE',
});

/** Passes over the two writes; a pass only repeats when another request opened the window meanwhile. */
const MAX_PASSES = 3;

/**
 * Counts one attempt into the window open at `nowMs` (or opens a new one) unless `max` attempts
 * are already counted in it; then answers when the window ends.
 */
export async function reserveAttempt(
  subject: ThrottleSubject,
  max: number,
  nowMs: number,
  windowMs: number,
): Promise<Reservation> {
  const key = throttleKey(subject);
  const cutoff = nowMs - windowMs;
  let windowStartMs = nowMs;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const counted = await conditionalWrite(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'window_start > :cutoff AND #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (counted) return { reserved: true, subject, windowStartMs: counted.Attributes?.window_start };
    const opened = await conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, count: 1, window_start: nowMs, expires_at: epochSeconds(nowMs + windowMs) },
          ConditionExpression: 'attribute_not_exists(PK) OR window_start <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      ),
    );
    if (opened) return { reserved: true, subject, windowStartMs: nowMs };
    // Both lost: the open window is full, or another request opened it between the two writes.
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    if (Item && Item.window_start > cutoff) windowStartMs = Item.window_start;
    if (Item && Item.window_start > cutoff && Item.count >= max) break;
  }
  return { reserved: false, retryAfterMs: windowStartMs + windowMs - nowMs };
}

/** Gives a reserved attempt back (it turned out not to be a failure), in the window it was counted in. */
export async function releaseAttempt(reservation: Reservation & { reserved: true }): Promise<void> {
  // The condition fails when the window has ended or was cleared: nothing left to give back.
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: throttleKey(reservation.subject),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: 'window_start = :windowStart AND #count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':windowStart': reservation.windowStartMs, ':zero': 0 },
      }),
    ),
  );
}

/** Forgets every attempt counted for the subject (after a successful sign-in to the account). */
export async function clearAttempts(subject: ThrottleSubject): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(subject) }));
}
