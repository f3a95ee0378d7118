import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoConfigSchema, perSettings, settingsSection } from '../config';
import { awsClientOptions } from '../lib/aws-client';

const dynamoSettings = settingsSection('DynamoDB', dynamoConfigSchema);

/** The application table's name. */
export const tableName = (): string => dynamoSettings().TABLE_NAME;

/** The document client every repository uses; only the endpoint differs between AWS and the local stack. */
export const db = perSettings(() => {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient(awsClientOptions(dynamoSettings().DYNAMODB_ENDPOINT)),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  // The SDK's logger middleware walks every response to redact it for a logger that, by default,
  // drops it: a tenth of a whole-catalogue query's CPU (profiled by `npm run bench:api`).
  client.middlewareStack.remove('loggerMiddleware');
  return client;
});

/** True when a conditional write lost (the item existed, or the condition no longer held). */
function isConditionFailed(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error instanceof Error && error.name === 'ConditionalCheckFailedException')
  );
}

/**
 * Awaits a conditional write: its answer when it was made (with `ReturnValues`, the item as it was
 * or as it now is), undefined when its condition did not hold (any other failure is thrown). The
 * one place that knows how DynamoDB reports a condition that did not hold.
 */
export async function conditionalWrite<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Awaits a conditional write: true when it was made, false when its condition did not hold (any
 * other failure is thrown).
 */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  return (await conditionalWrite(write.then(() => true))) ?? false;
}

export const nowIso = (now = Date.now()) => new Date(now).toISOString();
export const epochSeconds = (ms: number) => Math.floor(ms / 1000);
