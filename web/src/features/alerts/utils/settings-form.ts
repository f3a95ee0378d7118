// The alert settings form (docs/screens.md#alert-settings): its values as typed, and the check that
// turns them into what PUT /api/alert-settings takes. The rules and messages are the shared schemas'
// (alertSettingsInputSchema), so the form refuses what the API refuses.
import {
  ALERT_KINDS,
  ALERT_THRESHOLDS,
  type AlertChannel,
  type AlertChannelInput,
  type AlertKind,
  type AlertSettings,
  type AlertSettingsInput,
  alertChannelInputSchema,
  alertSettingsInputSchema,
  type ChannelType,
  type DeliveryResult,
  formatDateTime,
  hasThreshold,
} from '@cmp/shared';

export interface EventValues {
  enabled: boolean;
  /** As typed; '' leaves the kind at its default threshold. */
  threshold: string;
}

/**
 * A channel in the form: a saved one (by its id) or one added since. Its secret hint and last delivery
 * are read from the saved settings, so a test message's result shows without losing edits.
 */
export interface ChannelValues {
  /** React key: the saved id, or a made-up one for an added channel. */
  key: string;
  id?: string;
  type: ChannelType;
  target: string;
  enabled: boolean;
}

export interface SettingsFormValues {
  events: Record<AlertKind, EventValues>;
  channels: ChannelValues[];
}

export function settingsFormValues(settings: AlertSettings): SettingsFormValues {
  return {
    events: Object.fromEntries(
      ALERT_KINDS.map((kind) => {
        const { enabled, threshold } = settings.events[kind];
        return [kind, { enabled, threshold: threshold === undefined ? '' : String(threshold) }];
      }),
    ) as Record<AlertKind, EventValues>,
    channels: settings.channels.map(({ id, type, target, enabled }: AlertChannel) => ({
      key: id,
      id,
      type,
      target,
      enabled,
    })),
  };
}

/** Where a message belongs: `events.<kind>.threshold`, `channels` (their number) or `form`. */
export type SettingsField = `events.${AlertKind}.threshold` | 'channels' | 'form';

export type SettingsFormResult =
  | { ok: true; input: AlertSettingsInput }
  | { ok: false; errors: Partial<Record<SettingsField, string>> };

export const thresholdField = (kind: AlertKind): SettingsField => `events.${kind}.threshold`;

/**
 * The input to save, or the messages by field. A threshold that is not a number is refused here
 * (the schema would only see a missing one); the bounds and the rest are the shared schema's.
 */
export function validateSettingsForm(values: SettingsFormValues): SettingsFormResult {
  const errors: Partial<Record<SettingsField, string>> = {};
  const events: Record<string, { enabled: boolean; threshold?: number }> = {};
  for (const kind of ALERT_KINDS) {
    const { enabled, threshold } = values.events[kind];
    const typed = threshold.trim();
    if (typed === '' || !hasThreshold(kind)) {
      events[kind] = { enabled };
      continue;
    }
    const number = Number(typed);
    if (Number.isFinite(number)) events[kind] = { enabled, threshold: number };
    else errors[thresholdField(kind)] = `${ALERT_THRESHOLDS[kind].label} must be a number`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const checked = alertSettingsInputSchema.safeParse({
    events,
    channels: values.channels.map(channelInput),
  });
  if (checked.success) return { ok: true, input: checked.data };
  for (const issue of checked.error.issues) {
    const [section, kind] = issue.path;
    const field: SettingsField =
      section === 'events' && typeof kind === 'string' && hasKind(kind)
        ? thresholdField(kind)
        : section === 'channels'
          ? 'channels'
          : 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const hasKind = (kind: string): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind);

const channelInput = (channel: ChannelValues): AlertChannelInput => ({
  ...(channel.id === undefined ? {} : { id: channel.id }),
  type: channel.type,
  target: channel.target,
  enabled: channel.enabled,
});

/** A channel to add, checked as the API will check it; on failure the target's message. */
export function checkNewChannel(
  type: ChannelType,
  target: string,
): { ok: true; channel: AlertChannelInput } | { ok: false; error: string } {
  const checked = alertChannelInputSchema.safeParse({ type, target, enabled: true });
  if (checked.success) return { ok: true, channel: checked.data };
  return { ok: false, error: checked.error.issues[0]?.message ?? 'Please enter a valid target' };
}

/** '••••abcd': a webhook's secret as the settings show it (the API keeps the rest). */
export const secretHintText = (hint: string | null) => (hint === null ? null : `••••${hint}`);

/** 'Delivered <time>', 'Failing: <message> (<time>)', or 'No delivery yet'. */
export function lastDeliveryText(delivery: DeliveryResult | null): { failing: boolean; text: string } {
  if (delivery === null) return { failing: false, text: 'No delivery yet' };
  const at = formatDateTime(delivery.at);
  return delivery.ok
    ? { failing: false, text: `Delivered ${at}` }
    : { failing: true, text: `Failing: ${delivery.message} (${at})` };
}

export const TARGET_PLACEHOLDERS: Readonly<Record<ChannelType, string>> = {
  email: 'alerts@yourshop.com, buyer@yourshop.com',
  slack: 'https://hooks.slack.com/services/...',
  webhook: 'https://example.com/price-alerts',
};

export const TARGET_LABELS: Readonly<Record<ChannelType, string>> = {
  email: 'Recipients (comma-separated)',
  slack: 'Slack incoming-webhook URL',
  webhook: 'Webhook URL',
};
