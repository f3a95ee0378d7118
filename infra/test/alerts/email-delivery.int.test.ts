/**
 * E-mail alerts through the SES v2 stand-in `npm start` runs (aws-ses-v2-local), started here in
 * this process; each mail is read back through the stand-in's own store API.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoredChannel } from '@cmp/functions/alerts/channel';
import { deliverDigest, sendTestMessage } from '@cmp/functions/alerts/delivery/deliver';
import { provideSettings } from '@cmp/functions/config';
import sesStandIn from 'aws-ses-v2-local';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

interface StoredEmail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = await sesStandIn({ host: '127.0.0.1', port: 0 });
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  await fetch(`${endpoint}/clear-store`, { method: 'POST' });
});

const sentMail = async (): Promise<StoredEmail[]> =>
  ((await (await fetch(`${endpoint}/store`)).json()) as { emails: StoredEmail[] }).emails;

function settings(extra: Record<string, string> = {}) {
  provideSettings({
    AWS_REGION: 'eu-west-2',
    APP_URL: 'https://prices.example',
    SES_ENDPOINT: endpoint,
    SES_FROM_ADDRESS: 'alerts@shop.example',
    ...extra,
  });
}

const email = (target: string): StoredChannel => ({
  id: 'c-3',
  type: 'email',
  target,
  enabled: true,
  secret: null,
  last_delivery: null,
});

const digest = {
  run_id: 'run-7',
  finished_at: '2026-11-26T05:00:00.000Z',
  events: [
    {
      kind: 'undercut' as const,
      product_id: 1,
      sku: 'K-17',
      product_name: 'Kettle <Deluxe> & Co',
      our_price: 20,
      competitor_url_id: 7,
      competitor_name: 'Shop B',
      competitor_url: 'https://shop-b.example/kettle',
      competitor_price: 18.5,
      previous_price: 21,
    },
  ],
};

describe('e-mail delivery through SES v2', () => {
  it('sends one mail to every recipient with a plain-text and an escaped HTML part', async () => {
    settings();
    const result = await deliverDigest(email('buyer@shop.example, owner@shop.example'), digest);

    expect(result).toMatchObject({ ok: true, message: 'Sent to 2 recipients' });
    const [mail, ...others] = await sentMail();
    expect(others).toHaveLength(0);
    expect(mail?.from).toBe('alerts@shop.example');
    expect(mail?.destination.to).toEqual(['buyer@shop.example', 'owner@shop.example']);
    expect(mail?.subject).toBe('Check My Price: 1 alert from the price check of 26 Nov 2026');
    expect(mail?.body.text).toContain(
      'Kettle <Deluxe> & Co (SKU K-17): ours £20.00 · Shop B £18.50, was £21.00',
    );
    expect(mail?.body.html).toContain('Kettle &lt;Deluxe&gt; &amp; Co (SKU K-17)</a>');
    expect(mail?.body.html).toContain('href="https://prices.example/dashboard?search=K-17"');
  });

  it('sends a test message', async () => {
    settings();
    const result = await sendTestMessage(email('buyer@shop.example'));

    expect(result).toMatchObject({ ok: true, message: 'Sent to 1 recipient' });
    expect((await sentMail())[0]?.subject).toBe('Check My Price: test message');
  });

  it('fails without a sender address, sending nothing', async () => {
    settings({ SES_FROM_ADDRESS: '' });
    const result = await deliverDigest(email('buyer@shop.example'), digest);

    expect(result).toMatchObject({ ok: false, message: 'E-mail sender not configured' });
    expect(await sentMail()).toHaveLength(0);
  });

  it('fails a channel whose recipients are not e-mail addresses, sending nothing', async () => {
    settings();
    const result = await deliverDigest(email('not-an-address'), digest);

    expect(result).toMatchObject({ ok: false, message: 'No valid e-mail recipients' });
    expect(await sentMail()).toHaveLength(0);
  });

  it('tries 3 times when SES does not answer, and says why it failed', async () => {
    const closed = await sesStandIn({ host: '127.0.0.1', port: 0 });
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    settings({ SES_ENDPOINT: `http://127.0.0.1:${port}` });
    const waits: number[] = [];
    const result = await deliverDigest(email('buyer@shop.example'), digest, {
      wait: async (ms) => void waits.push(ms),
    });

    expect(waits).toHaveLength(2);
    expect(result.ok).toBe(false);
    expect(result.message).toBe('Could not reach SES (ECONNREFUSED) (3 tries)');
  });
});
