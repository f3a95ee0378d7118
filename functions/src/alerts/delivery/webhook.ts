import { createHmac } from 'node:crypto';
import type { WebhookDigest } from '@cmp/shared';
import type { Digest } from '../channel';

export interface SignedRequest {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A generic webhook's request: the digest as JSON (exactly `{ run_id, finished_at, events }`),
 * signed with the channel's secret. The signature covers the raw body only (docs/decisions.md);
 * X-Timestamp says when it was sent.
 */
export function signedWebhookRequest(digest: Digest, secret: string, now: Date = new Date()): SignedRequest {
  const payload: WebhookDigest = {
    run_id: digest.run_id,
    finished_at: digest.finished_at,
    events: [...digest.events],
  };
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(Math.floor(now.getTime() / 1000)),
      'x-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
  };
}
