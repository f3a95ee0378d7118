import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookDigestSchema } from '@cmp/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { provideSettings } from '../../config';
import type { StoredChannel } from '../channel';
import { deliverDigest, sendTestMessage } from './deliver';
import { guardedPost } from './guarded-post';
import { alertEvent } from './test-events';

interface Received {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Receiver {
  readonly host: string;
  readonly url: string;
  /** TCP connections accepted. */
  connections: number;
  readonly requests: Received[];
}

type Answer = { status: number; type?: string; body?: string; location?: string };

const servers: Server[] = [];

/** A loopback receiver answering each request with the next answer (the last one repeats). */
async function receiver(...answers: Answer[]): Promise<Receiver> {
  const state = { connections: 0, requests: [] as Received[] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.requests.push({
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const answer = answers[Math.min(state.requests.length - 1, answers.length - 1)] ?? { status: 200 };
      res
        .writeHead(answer.status, {
          'content-type': answer.type ?? 'text/plain',
          ...(answer.location ? { location: answer.location } : {}),
        })
        .end(answer.body ?? '');
    });
  });
  server.on('connection', () => {
    state.connections++;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, { host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}/hook` });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Settings as the alerts function gets them, with these receivers allowed (they are on loopback). */
function settingsAllowing(...allowed: Receiver[]) {
  provideSettings({
    APP_URL: 'https://prices.example',
    ALERT_ALLOW_HOSTS: allowed.map((r) => r.host).join(','),
  });
}

const webhook = (target: string, secret: string | null = 'whsec-test-1'): StoredChannel => ({
  id: 'c-1',
  type: 'webhook',
  target,
  enabled: true,
  secret,
  last_delivery: null,
});

const digest = {
  run_id: 'run-42',
  finished_at: '2026-11-26T05:00:00.000Z',
  events: [alertEvent(), alertEvent({ kind: 'now_cheapest', sku: 'M-2', product_id: 2 })],
};

/** Retry waits recorded rather than waited. */
function recordedWaits() {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
}

describe('deliverDigest: generic webhook', () => {
  it('POSTs the digest once, signed with the channel secret', async () => {
    const hook = await receiver({ status: 200 });
    settingsAllowing(hook);
    const before = Math.floor(Date.now() / 1000);
    const result = await deliverDigest(webhook(hook.url), digest);

    expect(result).toMatchObject({ ok: true, message: `Delivered to ${hook.host}` });
    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    const body = request?.body ?? '';
    expect(webhookDigestSchema.parse(JSON.parse(body))).toEqual(digest);
    const expected = createHmac('sha256', 'whsec-test-1').update(body).digest('hex');
    expect(request?.headers['x-signature-256']).toBe(`sha256=${expected}`);
    const timestamp = Number(request?.headers['x-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('tries 3 times in all when the receiver fails, and succeeds once it answers', async () => {
    const hook = await receiver({ status: 500 }, { status: 500 }, { status: 200 });
    settingsAllowing(hook);
    const { waits, wait } = recordedWaits();
    const result = await deliverDigest(webhook(hook.url), digest, { wait });

    expect(hook.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(result).toMatchObject({ ok: true, message: `Delivered to ${hook.host} (3 tries)` });
  });

  it('gives up after 3 tries, saying what the receiver answered', async () => {
    const hook = await receiver({ status: 503 });
    settingsAllowing(hook);
    const result = await deliverDigest(webhook(hook.url), digest, recordedWaits());

    expect(hook.requests).toHaveLength(3);
    expect(result).toMatchObject({ ok: false, message: `HTTP 503 from ${hook.host} (3 tries)` });
  });

  it('does not try again after a 404', async () => {
    const hook = await receiver({ status: 404, body: 'no such hook' });
    settingsAllowing(hook);
    const result = await deliverDigest(webhook(hook.url), digest, recordedWaits());

    expect(hook.requests).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, message: `HTTP 404 from ${hook.host}: no such hook` });
  });

  it('retries a 429', async () => {
    const hook = await receiver({ status: 429 }, { status: 200 });
    settingsAllowing(hook);
    const result = await deliverDigest(webhook(hook.url), digest, recordedWaits());

    expect(hook.requests).toHaveLength(2);
    expect(result.ok).toBe(true);
  });

  it('does not follow a redirect: a receiver that redirects has failed', async () => {
    const elsewhere = await receiver({ status: 200 });
    const hook = await receiver({ status: 307, location: elsewhere.url });
    settingsAllowing(hook, elsewhere);
    const result = await deliverDigest(webhook(hook.url), digest, recordedWaits());

    expect(result).toMatchObject({
      ok: false,
      message: `HTTP 307 from ${hook.host} (redirects are not followed)`,
    });
    expect(hook.requests).toHaveLength(1);
    expect(elsewhere.connections).toBe(0);
  });

  it.each([
    // https, so that only the address can be what refuses them.
    ['an address literal', (r: Receiver) => `https://${r.host}/hook`],
    [
      'a name that resolves to one',
      (r: Receiver) => `https://${r.host.replace('127.0.0.1', 'localhost')}/hook`,
    ],
  ])('refuses a private address (%s) without connecting', async (_, target) => {
    const hook = await receiver({ status: 200 });
    settingsAllowing();
    const result = await deliverDigest(webhook(target(hook)), digest, recordedWaits());

    expect(result).toMatchObject({ ok: false, message: 'Refused: address is private' });
    expect(hook.connections).toBe(0);
  });

  it('refuses plain http to a public address', async () => {
    settingsAllowing();
    const result = await deliverDigest(webhook('http://93.184.215.14/hook'), digest, recordedWaits());
    expect(result).toMatchObject({ ok: false, message: 'Refused: the address must use https' });
  });

  it('fails a network error after 3 tries rather than throwing', async () => {
    const hook = await receiver();
    settingsAllowing(hook);
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
    const result = await deliverDigest(webhook(hook.url), digest, recordedWaits());
    expect(result).toMatchObject({ ok: false, message: 'Could not connect (ECONNREFUSED) (3 tries)' });
  });

  it('sends a test message: run id "test" and no events', async () => {
    const hook = await receiver({ status: 204 });
    settingsAllowing(hook);
    const result = await sendTestMessage(webhook(hook.url));

    expect(result.ok).toBe(true);
    const body = webhookDigestSchema.parse(JSON.parse(hook.requests[0]?.body ?? ''));
    expect(body).toMatchObject({ run_id: 'test', events: [] });
  });
});

describe('deliverDigest: Slack', () => {
  const slack = (target: string): StoredChannel => ({
    id: 'c-2',
    type: 'slack',
    target,
    enabled: true,
    secret: null,
    last_delivery: null,
  });

  it('POSTs a Block Kit message', async () => {
    const hook = await receiver({ status: 200 });
    settingsAllowing(hook);
    const result = await deliverDigest(slack(hook.url), digest);

    expect(result.ok).toBe(true);
    const [request] = hook.requests;
    expect(request?.headers['content-type']).toBe('application/json');
    const message = JSON.parse(request?.body ?? '');
    expect(message.text).toBe('Check My Price: 2 alerts from the price check of 26 Nov 2026');
    expect(message.blocks.map((block: { type: string }) => block.type)).toEqual([
      'header',
      'section',
      'section',
      'context',
    ]);
    expect(message.blocks[1].text.text).toContain('<https://prices.example/dashboard?search=K-17|');
  });

  it("reports Slack's reason for refusing", async () => {
    const hook = await receiver({ status: 403, body: 'invalid_token' });
    settingsAllowing(hook);
    const result = await deliverDigest(slack(hook.url), digest, recordedWaits());

    expect(hook.requests).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, message: `HTTP 403 from ${hook.host}: invalid_token` });
  });
});

describe('guardedPost', () => {
  it('gives up on a receiver that never answers after its time limit', async () => {
    const silent = createServer(() => {});
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const posting = guardedPost(
      new URL(`http://${host}/hook`),
      '{}',
      {},
      { allowHosts: new Set([host]), timeoutMs: 200 },
    );

    await expect(posting).rejects.toThrow('Timed out after 0.2 s');
    silent.closeAllConnections();
  });
});
