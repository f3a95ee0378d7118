// The signing secret of each webhook a save created: the API returns it in that answer only, so it is
// shown once, with a copy button (docs/screens.md#alert-settings).
import type { RefObject } from 'react';
import { ShowOnceDialog } from '../../../components/show-once-dialog';

export interface NewSecret {
  /** The channel, e.g. 'Webhook https://example.com/price-alerts'. */
  channel: string;
  secret: string;
}

export const SECRET_NOTE =
  'Copy the secret now and keep it with the receiver: it will not be shown again. ' +
  'Each request carries X-Signature-256: sha256=<HMAC-SHA256 of the body with this secret>.';

/** Open while `secrets` holds any; closing it focuses `returnFocusTo` (the Save button). */
export function WebhookSecretDialog({
  secrets,
  onClose,
  returnFocusTo,
}: {
  secrets: readonly NewSecret[];
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ShowOnceDialog
      title={secrets.length > 1 ? 'Webhook secrets' : 'Webhook secret'}
      description={SECRET_NOTE}
      values={secrets.map((entry) => ({
        label: entry.channel,
        value: entry.secret,
        copyLabel: `Copy secret of ${entry.channel}`,
      }))}
      what="secret"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      size="lg"
    />
  );
}
