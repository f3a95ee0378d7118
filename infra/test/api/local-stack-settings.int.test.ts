import { describe, expect, it } from 'vitest';
import { startFixtureShop } from '../support/fixture-shop';
import { startTestStack } from '../support/test-stack';

/**
 * This process's environment, but for the tag Powertools adds to the AWS SDK's user agent as the
 * handlers load (@aws-lambda-powertools/commons does that on import, wherever it runs).
 */
function environment(): NodeJS.ProcessEnv {
  const { AWS_SDK_UA_APP_ID: _, ...rest } = process.env;
  return rest;
}

describe('the local stack', () => {
  it("hands its functions their settings without touching this process's environment", async () => {
    const before = environment();
    const shop = await startFixtureShop();
    const stack = await startTestStack({ env: { SCRAPER_ALLOW_HOSTS: shop.hostPort } });
    try {
      const duringStart = environment();
      // Sign-in: the table and the signing key; a competitor URL on loopback: the allowed hosts;
      // a price check: the state machine's endpoint, and the tasks' own settings.
      const token = await stack.login();
      const { product } = (
        await stack.api('POST /api/products', {
          token,
          body: { sku: 'ENV-1', name: 'Kettle', current_price: 20 },
        })
      ).body;
      const added = await stack.api('POST /api/competitor-urls', {
        token,
        body: { product_id: product.id, competitor_name: 'Fixture', url: `${shop.origin}/p/12` },
      });
      const run = await stack.api('POST /api/scraper/run', { token, body: {} });
      await stack.stepFunctions.idle();
      const checked = await stack.api('GET /api/competitor-urls/{id}', {
        token,
        params: { id: added.body.competitorUrl.id },
      });

      expect([added.status, run.status]).toEqual([201, 202]);
      expect(checked.body.competitorUrl.price_data).toEqual([
        expect.objectContaining({ price: 12.99, counted: true }),
      ]);
      expect(duringStart).toEqual(before);
      expect(environment()).toEqual(before);
    } finally {
      await stack.stop();
      await shop.close();
    }
  });
});
