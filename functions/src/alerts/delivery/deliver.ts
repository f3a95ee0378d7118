/**
 * Sends a run's digest (or a test message) to one channel: a signed webhook, a Slack message or an
 * e-mail. Never throws for a failed delivery: the result says what went wrong, in words for staff.
 */
import { type DeliveryResult, emailRecipients } from '@cmp/shared';
import { alertsConfigSchema, perSettings, settingsSection, shopConfigSchema } from '../../config';
import type { Digest, StoredChannel } from '../channel';
import type { DigestContext } from './digest-text';
import { emailMessage } from './email';
import { postAttempt } from './http-attempt';
import { type Attempt, type Wait, withRetries } from './retry';
import { sendEmail } from './ses';
import { slackMessage } from './slack';
import { signedWebhookRequest } from './webhook';

const alertsSettings = settingsSection('alerts', alertsConfigSchema);
const shopSettings = settingsSection('shop', shopConfigSchema);
const allowHosts = perSettings(() => new Set(alertsSettings().ALERT_ALLOW_HOSTS.map((h) => h.toLowerCase())));
const digestContext = perSettings(
  (): DigestContext => ({
    appUrl: alertsSettings().APP_URL.replace(/\/+$/, ''),
    currency: shopSettings().SHOP_CURRENCY,
  }),
);

/** One try's time limit, connecting to the end of the answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryOptions {
  /** How retries wait; default: really waiting. */
  readonly wait?: Wait;
}

/** The run id of a test message: a digest with no events. */
const TEST_RUN_ID = 'test';

export async function deliverDigest(
  channel: StoredChannel,
  digest: Digest,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const outcome = await withRetries(() => attemptOnce(channel, digest), options.wait);
  return { at: new Date().toISOString(), ok: outcome.ok, message: outcome.message };
}

/** 'Send test': what the channel receives after a run, with no events. */
export function sendTestMessage(
  channel: StoredChannel,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  return deliverDigest(
    channel,
    { run_id: TEST_RUN_ID, finished_at: new Date().toISOString(), events: [] },
    options,
  );
}

async function attemptOnce(channel: StoredChannel, digest: Digest): Promise<Attempt> {
  if (channel.type === 'email') {
    const recipients = emailRecipients(channel.target);
    if (!recipients) return { ok: false, message: 'No valid e-mail recipients', retryable: false };
    return sendEmail(recipients, emailMessage(digest, digestContext()));
  }
  const url = parseUrl(channel.target);
  if (!url) return { ok: false, message: 'Refused: not a valid address', retryable: false };
  const post = { allowHosts: allowHosts(), timeoutMs: DELIVERY_TIMEOUT_MS };
  if (channel.type === 'slack') {
    const body = JSON.stringify(slackMessage(digest, digestContext()));
    return postAttempt(url, body, { 'content-type': 'application/json' }, post);
  }
  if (!channel.secret) return { ok: false, message: 'Webhook has no signing secret', retryable: false };
  const { body, headers } = signedWebhookRequest(digest, channel.secret);
  return postAttempt(url, body, headers, post);
}

function parseUrl(target: string): URL | null {
  try {
    return new URL(target);
  } catch {
    return null;
  }
}
