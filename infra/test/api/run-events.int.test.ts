import { RUN_COMPLETED, RUN_EVENTS_SOURCE, runCompletedPattern } from '@cmp/functions/alerts/run-events';
import { provideSettings } from '@cmp/functions/config';
import type { Product } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../local/event-bus-local';
import { startFixtureShop } from '../support/fixture-shop';
import { runningRun } from '../support/run-records';
import { startTestStack, type TestStack } from '../support/test-stack';

/**
 * A run's end on the local stack: closeRun publishes `Check My Price` / `RunCompleted` through the
 * functions' real EventBridge client to the local bus, which hands it to the rules it matches (the
 * alerts handler, as on AWS) after answering.
 */
let stack: TestStack;
let shop: Awaited<ReturnType<typeof startFixtureShop>>;
let token: string;
let product: Product;
const received: BusEvent[] = [];

beforeAll(async () => {
  shop = await startFixtureShop();
  stack = await startTestStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
  token = await stack.login();
  product = (
    await stack.api('POST /api/products', {
      token,
      body: { sku: 'EVENTS-1', name: 'Events product', current_price: 20 },
    })
  ).body.product;
  await stack.api('POST /api/competitor-urls', {
    token,
    body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/1` },
  });
  stack.eventBus.addRule(runCompletedPattern, async (event) => {
    received.push(event);
  });
});
afterAll(async () => {
  await stack.stop();
  await shop.close();
});

/** Every event delivered while `action` ran and the runs and deliveries it started. */
async function eventsOf(action: () => Promise<unknown>): Promise<BusEvent[]> {
  const before = received.length;
  await action();
  await stack.stepFunctions.idle();
  await stack.eventBus.idle();
  return received.slice(before);
}

const closeRun = async (...args: Parameters<typeof import('@cmp/functions/scrape-run/close-run').closeRun>) =>
  (await import('@cmp/functions/scrape-run/close-run')).closeRun(...args);

async function runningRunWithLock(runId: string) {
  const { createRun } = await import('@cmp/functions/data/scrape-run.repository');
  const { takeRunLock } = await import('@cmp/functions/data/run-lock.repository');
  await createRun(runningRun(runId));
  await takeRunLock(runId, Date.now(), 60_000, null);
}

describe("a run's end", () => {
  it('reaches the RunCompleted rule once, as an EventBridge event naming the run, its status and end', async () => {
    const events = await eventsOf(() => stack.api('POST /api/scraper/run', { token, body: {} }));
    const [log] = await stack.scraperLogs(token);

    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      version: '0',
      id: expect.any(String),
      source: RUN_EVENTS_SOURCE,
      'detail-type': RUN_COMPLETED,
      account: expect.any(String),
      time: expect.any(String),
      region: stack.settings.AWS_REGION,
      resources: [],
      detail: { run_id: log?.id, status: 'completed', finished_at: log?.completed_at },
    });
  });

  it("is announced by a user's stop as 'stopped', and a late second ending announces nothing", async () => {
    const runId = 'run-events-stop';
    await runningRunWithLock(runId);

    const events = await eventsOf(async () => {
      expect(await closeRun(runId, { status: 'stopped' })).toBe(true);
      expect(await closeRun(runId, { status: 'completed', urlIds: [] })).toBe(false);
    });

    expect(events.map((event) => event.detail)).toEqual([
      { run_id: runId, status: 'stopped', finished_at: expect.any(String) },
    ]);
  });

  it('still ends the run when EventBridge refuses the event', async () => {
    const runId = 'run-events-refused';
    await runningRunWithLock(runId);
    const { getRun } = await import('@cmp/functions/data/scrape-run.repository');
    const { getRunLock } = await import('@cmp/functions/data/run-lock.repository');
    // A bus that does not exist: PutEvents answers with the entry failed.
    provideSettings({ ...stack.settings, EVENT_BUS_NAME: 'no-such-bus' });

    const events = await eventsOf(async () => {
      try {
        expect(await closeRun(runId, { status: 'stopped' })).toBe(true);
      } finally {
        provideSettings(stack.settings);
      }
    });

    expect(events).toEqual([]);
    expect(await getRun(runId)).toEqual(expect.objectContaining({ status: 'stopped' }));
    expect(await getRunLock()).toBeUndefined();
  });
});
