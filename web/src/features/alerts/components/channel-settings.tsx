// The alert channels: each saved or added one with its type, target, on/off, secret hint, last delivery,
// 'Send test' and 'Remove'; then the form that adds one. Changes apply on Save.
import { type AlertChannel, MAX_ALERT_CHANNELS } from '@cmp/shared';
import { CircleAlert, Send, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { sendChannelTest } from '../../../api/alerts';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-error';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CHANNEL_TYPE_LABELS, channelLabel } from '../utils/alert-view';
import { type ChannelValues, lastDeliveryText, secretHintText } from '../utils/settings-form';
import { AddChannel } from './add-channel';

export function ChannelSettings({
  channels,
  saved,
  onChange,
  error,
  canEdit,
  disabled,
}: {
  channels: readonly ChannelValues[];
  /** The channels as saved: their secret hints and last deliveries. */
  saved: readonly AlertChannel[];
  onChange(change: (channels: ChannelValues[]) => ChannelValues[]): void;
  error: string | null;
  canEdit: boolean;
  disabled: boolean;
}) {
  const savedById = new Map(saved.map((channel) => [channel.id, channel]));
  const [testing, setTesting] = useState<string | null>(null);
  // Where focus goes when the focused channel's 'Remove' takes its row away.
  const addTarget = useRef<HTMLInputElement>(null);

  const test = async (id: string, label: string) => {
    setTesting(id);
    try {
      const result = await sendChannelTest(id);
      if (result.ok) notifySuccess(`Test message sent to ${label}`);
      else notifyError(null, `Test message to ${label} failed: ${result.message}`);
    } catch (caught) {
      notifyError(caught, `Failed to send a test message to ${label}`);
    } finally {
      setTesting(null);
    }
  };

  return (
    // The controls are disabled one by one: a disabled fieldset would take the table's scrolling
    // region out of the keyboard's reach too.
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 font-semibold">Channels</legend>
      {channels.length === 0 ? (
        <EmptyState title="No channels yet" hint="Alerts are listed here but sent nowhere" />
      ) : (
        <Table label="Alert channels">
          <TableHeader>
            <TableRow>
              <TableHead>Type</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Enabled</TableHead>
              <TableHead>Last delivery</TableHead>
              {canEdit ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {channels.map((channel) => {
              const stored = channel.id === undefined ? undefined : savedById.get(channel.id);
              const label = channelLabel(channel);
              const hint = secretHintText(stored?.secret_hint ?? null);
              const delivery = lastDeliveryText(stored?.last_delivery ?? null);
              return (
                <TableRow key={channel.key}>
                  <TableCell>{CHANNEL_TYPE_LABELS[channel.type]}</TableCell>
                  <TableCell className="min-w-48 max-w-md">
                    <p className="wrap-anywhere">{channel.target}</p>
                    {hint ? <p className="text-xs text-muted-foreground">Secret {hint}</p> : null}
                    {stored ? null : <p className="text-xs text-muted-foreground">Not saved yet</p>}
                  </TableCell>
                  <TableCell>
                    <Checkbox
                      aria-label={`Enabled: ${label}`}
                      disabled={disabled}
                      checked={channel.enabled}
                      onChange={(event) =>
                        onChange((current) =>
                          current.map((other) =>
                            other.key === channel.key ? { ...other, enabled: event.target.checked } : other,
                          ),
                        )
                      }
                    />
                  </TableCell>
                  <TableCell className="min-w-48">
                    {delivery.failing ? (
                      <p className="flex gap-1 font-medium text-destructive">
                        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
                        {delivery.text}
                      </p>
                    ) : (
                      <p className="text-muted-foreground">{delivery.text}</p>
                    )}
                  </TableCell>
                  {canEdit ? (
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        {channel.id === undefined ? null : (
                          <Button
                            type="button"
                            variant="outline"
                            size="sm"
                            aria-label={`${testing === channel.id ? 'Sending test to' : 'Send test to'} ${label}`}
                            disabled={disabled || testing !== null}
                            onClick={() => channel.id !== undefined && void test(channel.id, label)}
                          >
                            <Send aria-hidden="true" />
                            {testing === channel.id ? 'Sending...' : 'Send test'}
                          </Button>
                        )}
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          aria-label={`Remove ${label}`}
                          disabled={disabled}
                          onClick={() => {
                            onChange((current) => current.filter((other) => other.key !== channel.key));
                            addTarget.current?.focus();
                          }}
                        >
                          <Trash2 aria-hidden="true" className="text-destructive" />
                          Remove
                        </Button>
                      </div>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <FormError message={error} />
      {canEdit ? (
        <AddChannel
          targetRef={addTarget}
          full={channels.length >= MAX_ALERT_CHANNELS}
          disabled={disabled}
          onAdd={(channel) => onChange((current) => [...current, channel])}
        />
      ) : null}
    </fieldset>
  );
}
