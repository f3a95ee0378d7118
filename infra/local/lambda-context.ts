import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * The context Lambda hands a handler, for a function `name` that may run `timeoutSeconds`: its
 * remaining time counts down from now, as a handler that works in parts (the import job) reads it.
 */
export function lambdaContext(
  name: string,
  timeoutSeconds: number,
  requestId: string = randomUUID(),
): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const functionName = `check-my-price-${name}`;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
