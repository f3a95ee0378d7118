import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { processRunAlerts } from '@cmp/functions/alerts/process-run';
import { DEFAULT_ALERT_EVENTS, type WebhookDigest, webhookDigestSchema } from '@cmp/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { captureOutput, logLines } from '../support/captured-output';
import { productPage, startChangingShop } from '../support/changing-shop';
import { signedInStack } from '../support/signed-in-stack';

/**
 * Alerts from real runs over a shop whose prices change: the run's end reaches the alerts handler
 * through the local EventBridge, and a webhook receiver on loopback gets one signed digest per run
 * that changed something, nothing for a run that changed nothing.
 */

interface Received {
  raw: string;
  headers: IncomingHttpHeaders;
}

/** A webhook receiver on loopback answering `status`, keeping every request. */
async function startReceiver(status: number) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(status).end();
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/hook`,
    hostPort: new URL(origin).host,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const shop = await startChangingShop();
const inbox = await startReceiver(200);
const broken = await startReceiver(500);
const { stack, token } = await signedInStack({
  env: {
    SCRAPER_ALLOW_HOSTS: shop.hostPort,
    ALERT_ALLOW_HOSTS: `${inbox.hostPort},${broken.hostPort}`,
    APP_URL: 'https://prices.example.com',
  },
});
afterAll(() => Promise.all([shop.close(), inbox.close(), broken.close()]));
const saved = await stack.api('PUT /api/alert-settings', {
  token,
  body: {
    events: DEFAULT_ALERT_EVENTS,
    channels: [
      { type: 'webhook', target: inbox.url, enabled: true },
      { type: 'webhook', target: broken.url, enabled: true },
    ],
  },
});
const [inboxChannel, brokenChannel] = saved.body.settings.channels;
if (!inboxChannel?.secret || !brokenChannel)
  throw new Error(`settings not saved: ${JSON.stringify(saved.body)}`);
const secret = inboxChannel.secret;

const { body: added } = await stack.api('POST /api/products', {
  token,
  body: { sku: 'KET-1', name: 'Steel kettle', current_price: 50, cost: 30 },
});
const product = added.product;
const { body: url } = await stack.api('POST /api/competitor-urls', {
  token,
  body: { product_id: product.id, competitor_name: 'Kettle World', url: `${shop.origin}/kettle` },
});

/** Sets the competitor's price, runs every URL and waits until the run's alerts were handled. */
async function runAt(price: string): Promise<string> {
  shop.pages.set('/kettle', { status: 200, html: productPage('Steel kettle', price) });
  const started = await stack.api('POST /api/scraper/run', { token, body: {} });
  expect(started.status).toBe(202);
  await stack.stepFunctions.idle();
  await stack.eventBus.idle();
  return started.body.run_id;
}

/** The digests the inbox received, each checked against its signature and the webhook schema. */
function digests(): WebhookDigest[] {
  return inbox.received.map(({ raw, headers }) => {
    const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    expect(headers['x-signature-256']).toBe(expected);
    expect(Number(headers['x-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 600);
    return webhookDigestSchema.parse(JSON.parse(raw));
  });
}

const event = (kind: string, competitorPrice: number, previousPrice: number | null) => ({
  kind,
  product_id: product.id,
  sku: 'KET-1',
  product_name: 'Steel kettle',
  our_price: 50,
  competitor_url_id: url.competitorUrl.id,
  competitor_name: 'Kettle World',
  competitor_url: `${shop.origin}/kettle`,
  competitor_price: competitorPrice,
  previous_price: previousPrice,
});

describe('alerts after real runs', () => {
  let undercutRun = '';

  it('sends nothing after a first run that finds us cheapest', async () => {
    await runAt('55.00');
    expect(inbox.received).toEqual([]);
  });

  it('sends one signed digest when a competitor undercuts us, with every event of the run', async () => {
    undercutRun = await runAt('45.00');
    const [digest, ...more] = digests();
    expect(more).toEqual([]);
    expect(digest?.run_id).toBe(undercutRun);
    expect(digest?.events).toEqual(
      expect.arrayContaining([event('undercut', 45, 55), event('competitor_price_change', 45, 55)]),
    );
    expect(digest?.events).toHaveLength(2);
  });

  it('sends nothing after a run that changed nothing', async () => {
    await runAt('45.00');
    expect(inbox.received).toHaveLength(1);
  });

  it('sends a new digest once the position changes again', async () => {
    const run = await runAt('60.00');
    const digest = digests()[1];
    expect(inbox.received).toHaveLength(2);
    expect(digest?.run_id).toBe(run);
    expect(digest?.events).toEqual(
      expect.arrayContaining([event('now_cheapest', 60, 45), event('competitor_price_change', 60, 45)]),
    );
  });

  it('adds nothing and sends nothing again when a run is handled twice, and logs why a channel failed', async () => {
    const output = captureOutput();
    const again = await processRunAlerts(undercutRun);
    const failures = logLines(output()).filter((line) => line.message === 'Alert delivery failed');
    vi.restoreAllMocks();

    expect(again.written).toBe(0);
    expect(again.alerts).toBe(2);
    // The inbox took this run's digest; only the channel that failed is tried again.
    expect(again.deliveries.map((delivery) => delivery.channel_id)).toEqual([brokenChannel.id]);
    expect(inbox.received).toHaveLength(2);
    expect(failures).toEqual([
      expect.objectContaining({
        level: 'WARN',
        runId: undercutRun,
        channelId: brokenChannel.id,
        reason: `HTTP 500 from ${broken.hostPort} (3 tries)`,
      }),
    ]);
  });

  it('lists the alerts newest first with each channel’s delivery, and shows the failing channel as failing', async () => {
    const { body } = await stack.api('GET /api/alerts', { token, query: { product_id: `${product.id}` } });
    expect(body.alerts.map((alert) => alert.kind)).toEqual([
      expect.stringMatching(/^(now_cheapest|competitor_price_change)$/),
      expect.stringMatching(/^(now_cheapest|competitor_price_change)$/),
      expect.stringMatching(/^(undercut|competitor_price_change)$/),
      expect.stringMatching(/^(undercut|competitor_price_change)$/),
    ]);
    const undercut = body.alerts.find((alert) => alert.kind === 'undercut');
    expect(undercut?.deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel_id: inboxChannel.id, ok: true }),
        expect.objectContaining({
          channel_id: brokenChannel.id,
          ok: false,
          message: expect.stringContaining('500'),
        }),
      ]),
    );
    // 3 tries for each run the broken receiver was sent (two runs with events, and the repeat above).
    expect(broken.received).toHaveLength(9);

    const settings = await stack.api('GET /api/alert-settings', { token });
    const shown = settings.body.settings.channels.find((channel) => channel.id === brokenChannel.id);
    expect(shown?.last_delivery).toEqual(expect.objectContaining({ ok: false }));

    const onlyUndercuts = await stack.api('GET /api/alerts', { token, query: { kind: 'undercut' } });
    expect(onlyUndercuts.body.alerts.map((alert) => alert.run_id)).toEqual([undercutRun]);
  });

  it('counts products undercut since the last run on the overview, and marks them', async () => {
    await runAt('40.00');
    const overview = await stack.api('GET /api/dashboard/overview', { token });
    const marked = await stack.api('GET /api/alerts/since-last-run', { token });
    expect(overview.body.stats.undercutSinceLastRun).toBe(1);
    expect(marked.body.products).toEqual([
      { product_id: product.id, kinds: expect.arrayContaining(['undercut', 'competitor_price_change']) },
    ]);
  });
});

describe('suggestion_changed, once an admin turns it on', () => {
  it('reports a product whose suggested price moved by the threshold, with the suggestion before', async () => {
    await stack.api('PUT /api/pricing-rules', {
      token,
      body: {
        rules: [
          { name: 'Match', scope: 'all', target: 'match_lowest', competitors: 'all', floor: { amount: 1 } },
        ],
      },
    });
    await stack.api('PUT /api/alert-settings', {
      token,
      body: {
        events: { ...DEFAULT_ALERT_EVENTS, suggestion_changed: { enabled: true, threshold: 5 } },
        channels: saved.body.settings.channels.map(({ id, type, target, enabled }) => ({
          id,
          type,
          target,
          enabled,
        })),
      },
    });
    // The first suggestion is the reference; 42 is 5 % above 40; 42.50 only 1.2 % more.
    await runAt('40.00');
    const moved = await runAt('42.00');
    await runAt('42.50');

    const { body } = await stack.api('GET /api/alerts', { token, query: { kind: 'suggestion_changed' } });
    expect(
      body.alerts.map(({ run_id, previous_price, suggested_price, competitor_name }) => ({
        run_id,
        previous_price,
        suggested_price,
        competitor_name,
      })),
    ).toEqual([{ run_id: moved, previous_price: 40, suggested_price: 42, competitor_name: null }]);
  });
});
