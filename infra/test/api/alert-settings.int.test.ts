import { addUser } from '@cmp/functions/auth/users';
import { type AlertSettings, DEFAULT_ALERT_EVENTS } from '@cmp/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { present } from '../support/present';
import { signedInStack } from '../support/signed-in-stack';

// The alert settings API (docs/api.md#alerts): admins change them, staff read them; a webhook's
// secret is shown once; addresses the server would post to are checked like competitor URLs.
const { stack, token } = await signedInStack();
let staffToken: string;

beforeAll(async () => {
  await addUser({ email: 'sam@example.com', username: 'sam', firstName: 'Sam', password: 'sam-password-1' });
  staffToken = await stack.login('sam@example.com', 'sam-password-1');
});

type SettingsAnswer = {
  success: boolean;
  settings: AlertSettings & { channels: { secret?: string }[] };
  error?: string;
};

const put = (body: unknown, as = token) =>
  stack.send<SettingsAnswer>('PUT', '/api/alert-settings', { token: as, body });
const webhook = { type: 'webhook', target: 'https://hooks.example.com/prices', enabled: true } as const;

describe('alert settings', () => {
  it('start with every kind on at its default and no channel', async () => {
    const { status, body } = await stack.api('GET /api/alert-settings', { token: staffToken });
    expect(status).toBe(200);
    expect(body.settings).toEqual({ events: DEFAULT_ALERT_EVENTS, channels: [] });
  });

  it('give a new webhook its secret once, then only its last 4 characters', async () => {
    const saved = await put({ events: DEFAULT_ALERT_EVENTS, channels: [webhook] });
    expect(saved.status).toBe(200);
    const [created] = saved.body.settings.channels;
    expect(created?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(created?.secret_hint).toBe(created?.secret?.slice(-4));

    const read = await stack.api('GET /api/alert-settings', { token });
    expect(read.body.settings.channels).toEqual([
      {
        id: created?.id,
        type: 'webhook',
        target: webhook.target,
        enabled: true,
        secret_hint: created?.secret?.slice(-4),
        last_delivery: null,
      },
    ]);
    expect(JSON.stringify(read.body)).not.toContain(created?.secret);

    // Saved again by id (switched off), it keeps its secret and gets no new one.
    const again = await put({
      events: DEFAULT_ALERT_EVENTS,
      channels: [{ ...webhook, id: created?.id, enabled: false }],
    });
    expect(again.body.settings.channels[0]).toMatchObject({
      id: created?.id,
      enabled: false,
      secret_hint: created?.secret_hint,
    });
    expect(again.body.settings.channels[0]?.secret).toBeUndefined();
  });

  it('show a Slack URL masked, and keep it when the masked form is saved back', async () => {
    const slack = {
      type: 'slack',
      target: 'https://hooks.slack.com/services/T000/B000/abcdefWXYZ',
      enabled: true,
    };
    const saved = await put({ events: DEFAULT_ALERT_EVENTS, channels: [slack] });
    const [shown] = saved.body.settings.channels;
    expect(shown?.target).toBe('https://hooks.slack.com/…WXYZ');
    const thresholds = {
      ...DEFAULT_ALERT_EVENTS,
      competitor_price_change: { enabled: true, threshold: 2.5 },
    };
    const back = await put({
      events: thresholds,
      channels: [{ ...slack, id: shown?.id, target: shown?.target }],
    });
    expect(back.status).toBe(200);
    expect(back.body.settings.events.competitor_price_change).toEqual({ enabled: true, threshold: 2.5 });
    const scanned = (await stack.scanTable()).find((item) => item.PK === 'ALERT_SETTINGS');
    expect(scanned?.channels).toEqual([expect.objectContaining({ target: slack.target })]);
  });

  it('show staff a webhook URL masked like a Slack URL, and admins, who save it back, in full', async () => {
    const target = 'https://hooks.example.com/services/T000/tok-3f9a1c77WXYZ';
    await put({ events: DEFAULT_ALERT_EVENTS, channels: [{ ...webhook, target }] });

    const asStaff = await stack.api('GET /api/alert-settings', { token: staffToken });
    const asAdmin = await stack.api('GET /api/alert-settings', { token });

    expect(asStaff.body.settings.channels.map((channel) => channel.target)).toEqual([
      'https://hooks.example.com/…WXYZ',
    ]);
    expect(JSON.stringify(asStaff.body)).not.toContain('tok-3f9a1c77');
    expect(asAdmin.body.settings.channels.map((channel) => channel.target)).toEqual([target]);
  });

  it('refuse staff with 403 and change nothing', async () => {
    const before = await stack.api('GET /api/alert-settings', { token });
    const refused = await put({ events: DEFAULT_ALERT_EVENTS, channels: [] }, staffToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only an administrator can change alert settings');
    const test = await stack.api('POST /api/alert-settings/channels/{id}/test', {
      token: staffToken,
      body: {},
      params: { id: present(before.body.settings.channels[0]).id },
    });
    expect(test.status).toBe(403);
    expect((await stack.api('GET /api/alert-settings', { token })).body).toEqual(before.body);
  });

  it.each([
    [
      'a private address',
      'https://10.0.0.5/hook',
      'Channel 1: URL must point to a public address, not a private one',
    ],
    [
      'loopback',
      'https://127.0.0.1:9/hook',
      'Channel 1: URL must point to a public address, not a private one',
    ],
    ['an internal name', 'https://inbox.internal/hook', 'Channel 1: URL must have a public host name'],
    ['plain http', 'http://hooks.example.com/hook', 'Channel 1: Channel URLs must use https'],
    [
      'credentials',
      'https://user:pw@hooks.example.com/hook',
      'Channel 1: URL must not contain a user name or password',
    ],
  ])('refuse a webhook at %s with 400, storing nothing', async (_case, target, error) => {
    const before = await stack.api('GET /api/alert-settings', { token });
    const refused = await put({ events: DEFAULT_ALERT_EVENTS, channels: [{ ...webhook, target }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(error);
    expect((await stack.api('GET /api/alert-settings', { token })).body).toEqual(before.body);
  });

  it('refuse bad thresholds, e-mail targets and unknown channel ids with their reason', async () => {
    const bad = [
      [
        { events: { ...DEFAULT_ALERT_EVENTS, url_failing: { enabled: true, threshold: 0 } }, channels: [] },
        /url_failing threshold must be from 1 to 100/,
      ],
      [
        {
          events: DEFAULT_ALERT_EVENTS,
          channels: [{ type: 'email', target: 'buyer at shop', enabled: true }],
        },
        /valid e-mail addresses/,
      ],
      [
        { events: DEFAULT_ALERT_EVENTS, channels: [{ ...webhook, id: 'no-such-channel' }] },
        /unknown channel id no-such-channel/,
      ],
    ] as const;
    for (const [body, error] of bad) {
      const refused = await put(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(error);
    }
  });

  it('answer 404 to a test of a channel that does not exist', async () => {
    const missing = await stack.api('POST /api/alert-settings/channels/{id}/test', {
      token,
      body: {},
      params: { id: 'no-such-channel' },
    });
    expect(missing.status).toBe(404);
  });
});
