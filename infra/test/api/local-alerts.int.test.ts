import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { DEMO_HOST_SETTINGS, startTestStack, type TestStack } from '../support/test-stack';

/**
 * Alerts on the local stack as `npm start` has them: the demo's alert settings with a webhook
 * channel to the demo shop's inbox page, the first run's alerts arriving there signed (the alerts
 * handler run by the local bus after the run), and e-mail going to the SES v2 stand-in.
 */
let stack: TestStack;
let token: string;
let firstRunId: string;

beforeAll(async () => {
  stack = await startTestStack({ demoShopPort: 0, sesPort: 0, hostOnly: DEMO_HOST_SETTINGS });
  token = await stack.login();
  // The seeding starts a first (scheduled) check; its alerts go out after it ends.
  await stack.stepFunctions.idle();
  await stack.eventBus.idle();
  const [log] = await stack.scraperLogs(token);
  if (!log) throw new Error('The demo seeding started no run');
  firstRunId = log.id;
}, 120_000);
afterAll(() => stack?.stop());

const inboxPage = async () => (await fetch(stack.webhookInboxUrl ?? 'http://missing')).text();

describe('the demo alerts', () => {
  it('come with one webhook channel pointing at the demo inbox, its secret shown only as a hint', async () => {
    const { body } = await stack.api('GET /api/alert-settings', { token });

    expect(body.settings.channels).toEqual([
      expect.objectContaining({
        type: 'webhook',
        target: stack.webhookInboxUrl,
        enabled: true,
        secret_hint: expect.stringMatching(/^[0-9a-f]{4}$/),
      }),
    ]);
  });

  it("deliver the first run's alerts to the inbox, recorded by the alerts handler and signed", async () => {
    const { body } = await stack.api('GET /api/alerts', { token, query: { limit: '100' } });
    const page = await inboxPage();

    const ofRun = body.alerts.filter((alert) => alert.run_id === firstRunId);
    expect(ofRun.length).toBeGreaterThan(0);
    expect(ofRun[0]?.deliveries).toEqual([expect.objectContaining({ ok: true })]);
    expect(page).toContain(`Run ${firstRunId}`);
    expect(page).toContain('Signature verified.');
    expect(page).not.toContain('Signature did not match');
  });

  it('has the inbox refuse a delivery whose signature does not match, and list it escaped', async () => {
    const forged = await fetch(stack.webhookInboxUrl ?? 'http://missing', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-256': `sha256=${'0'.repeat(64)}` },
      body: '{"run_id":"<script>alert(1)</script>"}',
    });
    const page = await inboxPage();

    expect(forged.status).toBe(401);
    expect(page.indexOf('Signature did not match')).toBeLessThan(page.indexOf('Signature verified.'));
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
  });
});

describe('alert e-mail', () => {
  it("goes to the local SES v2 stand-in, from the local sender, and shows on the stand-in's page", async () => {
    const current = (await stack.api('GET /api/alert-settings', { token })).body.settings;
    const saved = await stack.api('PUT /api/alert-settings', {
      token,
      body: {
        events: current.events,
        channels: [
          ...current.channels.map(({ id, type, target, enabled }) => ({ id, type, target, enabled })),
          { type: 'email', target: 'buyer@shop.example', enabled: true },
        ],
      },
    });
    const email = saved.body.settings.channels.find((channel) => channel.type === 'email');

    const sent = await stack.api('POST /api/alert-settings/channels/{id}/test', {
      token,
      body: {},
      params: { id: present(email).id },
    });
    const store = (await (await fetch(`${stack.ses?.endpoint}/store`)).json()) as {
      emails: { from: string; destination: { to: string[] } }[];
    };
    const startPage = await fetch(stack.ses?.endpoint ?? 'http://missing');

    expect(sent.body).toEqual(expect.objectContaining({ ok: true }));
    expect(store.emails).toContainEqual(
      expect.objectContaining({
        from: 'alerts@check-my-price.example',
        destination: expect.objectContaining({ to: ['buyer@shop.example'] }),
      }),
    );
    expect(startPage.status).toBe(200);
  });
});
