import { createHmac, timingSafeEqual } from 'node:crypto';
import { webhookDigestSchema } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { alertEvent } from './test-events';
import { signedWebhookRequest } from './webhook';

const digest = {
  run_id: 'run-1',
  finished_at: '2026-11-26T05:00:00.000Z',
  events: [alertEvent(), alertEvent({ kind: 'url_failing', competitor_price: null, previous_price: null })],
};

/** What a receiver does: HMAC-SHA256 of the raw body with the shared secret, compared in constant time. */
function verifies(body: string, header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('signedWebhookRequest', () => {
  it('sends exactly { run_id, finished_at, events } as JSON', () => {
    const { body, headers } = signedWebhookRequest(digest, 'secret-1');
    expect(headers['content-type']).toBe('application/json');
    const parsed = webhookDigestSchema.parse(JSON.parse(body));
    expect(parsed).toEqual(digest);
  });

  it('signs the raw body with the channel secret, which the receiver can verify', () => {
    const { body, headers } = signedWebhookRequest(digest, 'secret-1');
    expect(headers['x-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifies(body, headers['x-signature-256'], 'secret-1')).toBe(true);
    expect(verifies(body, headers['x-signature-256'], 'another-secret')).toBe(false);
    expect(verifies(body.replace('run-1', 'run-2'), headers['x-signature-256'], 'secret-1')).toBe(false);
  });

  it('says when it was sent in unix seconds', () => {
    const { headers } = signedWebhookRequest(digest, 'secret-1', new Date('2026-11-26T05:00:01.900Z'));
    expect(headers['x-timestamp']).toBe(String(Date.UTC(2026, 10, 26, 5, 0, 1) / 1000));
  });
});
