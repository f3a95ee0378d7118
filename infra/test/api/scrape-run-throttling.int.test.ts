import { ProvisionedThroughputExceededException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import type { Product } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * DynamoDB throttling that outlasts the SDK's own retries reaches the state machine as the Task's
 * error; the definition retries it, so one such error in Prepare or Finalize does not fail the run.
 * The throttle is raised where AWS would: at the functions' DynamoDB client, before the request
 * leaves it (so the SDK does not retry it again), exactly once for the chosen operation. The client
 * sees the low-level command names.
 */
const shop = await startFixtureShop();
const { stack, token } = await signedInStack({
  env: { SCRAPER_ALLOW_HOSTS: shop.hostPort },
  // The definition's backoff is for AWS; the retries themselves still happen.
  retryIntervalMs: 0,
});
afterAll(() => shop.close());

const { db } = await import('@cmp/functions/data/dynamo');
let throttleOnce: {
  matches: (command: string, input: Record<string, unknown>) => boolean;
  error: Error;
} | null = null;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const armed = throttleOnce;
    if (armed?.matches(String(context.commandName), args.input as Record<string, unknown>)) {
      throttleOnce = null;
      throw armed.error;
    }
    return next(args);
  },
  { step: 'initialize', name: 'testThrottleOnce' },
);

let product: Product;
beforeAll(async () => {
  ({ product } = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'THROTTLE-1', name: 'Throttled product', current_price: 20 },
    })
  ).body);
  await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/7` },
  });
});

const runOnce = async () => {
  const started = await stack.api('POST /api/scraper/run/{productId}', {
    token,
    body: {},
    params: { productId: product.id },
  });
  await stack.stepFunctions.idle();
  const [log] = await stack.scraperLogs(token);
  return { started, log };
};

describe('a scrape run meeting DynamoDB throttling once', () => {
  it('survives a ProvisionedThroughputExceededException in Prepare: the run completes with its URL checked', async () => {
    // Prepare's write of the run record: the second one, after the API's start wrote it with its total.
    let runWrites = 0;
    throttleOnce = {
      matches: (command, input) =>
        command === 'UpdateItemCommand' &&
        (input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':type'] === 'run' &&
        ++runWrites === 2,
      error: new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }),
    };

    const { started, log } = await runOnce();

    expect(started.status).toBe(202);
    expect(throttleOnce).toBeNull();
    expect(log).toEqual(
      expect.objectContaining({ status: 'completed', total_urls: 1, successful_urls: 1, failed_urls: 0 }),
    );
  });

  it('survives a ThrottlingException in Finalize: the run completes with its counts', async () => {
    // Only Finalize reads the run's records in a batch.
    throttleOnce = {
      matches: (command) => command === 'BatchGetItemCommand',
      error: new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }),
    };

    const { started, log } = await runOnce();

    expect(started.status).toBe(202);
    expect(throttleOnce).toBeNull();
    expect(log).toEqual(
      expect.objectContaining({ status: 'completed', total_urls: 1, successful_urls: 1, failed_urls: 0 }),
    );
  });
});
