import { competitorNameFromUrl } from '@cmp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoPage, offerAt, pageAt } from '../../local/demo/demo-pages';
import { DEMO_HOST_SETTINGS, startTestStack, type TestStack } from '../support/test-stack';

/**
 * The demo as `npm start` runs it: the seeded catalogue's competitor URLs under the shops' host
 * names (reached through the scraper's host map), checked by real runs of the local stack.
 */
let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack({ demoShopPort: 0, hostOnly: DEMO_HOST_SETTINGS });
  token = await stack.login();
  // The seeding starts a first (scheduled) check.
  await stack.stepFunctions.idle();
}, 120_000);
afterAll(() => stack?.stop());

const dashboard = async () => (await stack.api('GET /api/dashboard/products', { token })).body.products;

/** What the latest check of each competitor URL read, by URL. */
async function latestPrices(): Promise<Map<string, number | null>> {
  return new Map(
    (await dashboard()).flatMap((p) =>
      p.price_comparison.competitor_prices.map((c) => [c.url, c.last_check?.price ?? null] as const),
    ),
  );
}

const pageOf = (url: string) => pageAt(new URL(url).pathname) as DemoPage;

describe('the demo through real local runs', () => {
  it("names each best competitor by its shop's host, as the dashboard shows it, never 127.0.0.1", async () => {
    const shown = (await dashboard()).flatMap((p) =>
      p.bestCompetitor ? [competitorNameFromUrl(p.bestCompetitor.url)] : [],
    );

    expect(shown.length).toBeGreaterThanOrEqual(7);
    expect(new Set(shown)).toEqual(new Set(['brightway.localhost', 'hearth.localhost', 'volt.localhost']));
  });

  it('reads new prices for every drifting page on a second run straight after, each what the page showed', async () => {
    const before = await latestPrices();
    const ticks = new Map([...before.keys()].map((url) => [url, stack.demoShop?.tickOf(pageOf(url)) ?? -1]));

    const started = await stack.api('POST /api/scraper/run', { token, body: {} });
    await stack.stepFunctions.idle();
    const after = await latestPrices();

    expect(started.status).toBe(202);
    const drifting = [...before.keys()].filter((url) => pageOf(url).drifts && !pageOf(url).failure);
    expect(drifting).toHaveLength(11);
    for (const url of drifting) {
      const expected = offerAt(pageOf(url), ticks.get(url) ?? -1).pricePence / 100;
      expect([url, after.get(url)]).toEqual([url, expected]);
      expect([url, after.get(url)]).not.toEqual([url, before.get(url)]);
    }
  }, 120_000);
});
