// The alert settings form: the kinds, the channels and Save. After a save that created webhooks, their
// secrets are shown once (docs/screens.md#alert-settings).
import { ALERT_KINDS, type AlertSettings } from '@cmp/shared';
import { type FormEvent, useRef, useState } from 'react';
import { saveAlertSettings } from '../../../api/alerts';
import { Button } from '../../../components/ui/button';
import { formErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { channelLabel } from '../utils/alert-view';
import {
  type ChannelValues,
  type SettingsField,
  type SettingsFormValues,
  settingsFormValues,
  thresholdField,
  validateSettingsForm,
} from '../utils/settings-form';
import { ChannelSettings } from './channel-settings';
import { EventSettings } from './event-settings';
import { type NewSecret, WebhookSecretDialog } from './webhook-secret-dialog';

export function AlertSettingsForm({
  settings,
  canEdit,
  labelledBy,
}: {
  /** As saved: the form starts from it, and reads each channel's secret hint and last delivery from it. */
  settings: AlertSettings;
  canEdit: boolean;
  labelledBy: string;
}) {
  const [values, setValues] = useState<SettingsFormValues>(() => settingsFormValues(settings));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [secrets, setSecrets] = useState<NewSecret[]>([]);
  const saveButton = useRef<HTMLButtonElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateSettingsForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveAlertSettings(checked.input);
      setValues(settingsFormValues(saved));
      setSecrets(
        saved.channels.flatMap((channel) =>
          channel.secret === undefined ? [] : [{ channel: channelLabel(channel), secret: channel.secret }],
        ),
      );
      notifySuccess('Alert settings saved');
    } catch (error) {
      notifyError(error, 'Failed to save alert settings');
      // A refused channel or threshold shows where the form's own message about it would.
      const shown = formErrors(error, ['channels', ...ALERT_KINDS.map(thresholdField)]);
      setErrors(shown.general === null ? shown.fields : { form: shown.general });
    } finally {
      setSaving(false);
    }
  };

  const setChannels = (change: (channels: ChannelValues[]) => ChannelValues[]) =>
    setValues((current) => ({ ...current, channels: change(current.channels) }));

  return (
    <>
      {/* noValidate: the messages are the shared schemas' (docs/rules.md#21-alerts), not the browser's. */}
      <form onSubmit={submit} noValidate aria-labelledby={labelledBy} className="flex flex-col gap-6">
        <EventSettings
          events={values.events}
          onChange={(events) => setValues((current) => ({ ...current, events }))}
          errors={errors}
          disabled={!canEdit || saving}
        />
        <ChannelSettings
          channels={values.channels}
          saved={settings.channels}
          onChange={setChannels}
          error={errors.channels ?? errors.form ?? null}
          canEdit={canEdit}
          disabled={!canEdit || saving}
        />
        {canEdit ? (
          <div>
            {/* Not disabled while saving: a disabled button drops the keyboard focus. */}
            <Button type="submit" ref={saveButton} aria-disabled={saving}>
              {saving ? 'Saving...' : 'Save settings'}
            </Button>
          </div>
        ) : null}
      </form>
      <WebhookSecretDialog secrets={secrets} onClose={() => setSecrets([])} returnFocusTo={saveButton} />
    </>
  );
}
