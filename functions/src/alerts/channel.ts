import type { AlertEvent, ChannelType, DeliveryResult } from '@cmp/shared';

/**
 * A channel as the table keeps it: with its webhook signing secret, which the API never shows
 * (only its last 4 characters, `secretHint`).
 */
export interface StoredChannel {
  readonly id: string;
  readonly type: ChannelType;
  /** E-mail: recipients, comma-separated; Slack and webhook: the https URL. */
  readonly target: string;
  readonly enabled: boolean;
  /** The webhook's signing secret; null for e-mail and Slack. */
  readonly secret: string | null;
  readonly last_delivery: DeliveryResult | null;
}

/** What one run tells one channel: every event of the run, sent as one message. */
export interface Digest {
  readonly run_id: string;
  readonly finished_at: string;
  readonly events: readonly AlertEvent[];
}

/** The last 4 characters of a secret, as the API shows it. */
export const secretHint = (secret: string | null): string | null =>
  secret === null ? null : secret.slice(-4);
