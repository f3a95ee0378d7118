// Adds a channel to the list (saved with the settings): its type and target, checked as the API checks
// them; Enter in the target adds it rather than saving the whole form.
import { CHANNEL_TYPES, type ChannelType, MAX_ALERT_CHANNELS } from '@cmp/shared';
import { Plus } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { FormError, invalidInput } from '../../../components/form-error';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { CHANNEL_TYPE_LABELS } from '../utils/alert-view';
import {
  type ChannelValues,
  checkNewChannel,
  TARGET_LABELS,
  TARGET_PLACEHOLDERS,
} from '../utils/settings-form';

export function AddChannel({
  targetRef,
  full,
  disabled,
  onAdd,
}: {
  targetRef: RefObject<HTMLInputElement | null>;
  /** At the most channels: nothing more can be added. */
  full: boolean;
  /** While the settings are saved. */
  disabled: boolean;
  onAdd(channel: ChannelValues): void;
}) {
  const id = useId();
  const [type, setType] = useState<ChannelType>('webhook');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  const add = () => {
    const checked = checkNewChannel(type, target);
    if (!checked.ok) {
      setError(checked.error);
      targetRef.current?.focus();
      return;
    }
    onAdd({ key: crypto.randomUUID(), ...checked.channel });
    setTarget('');
    setError(null);
  };

  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-2 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Add a channel</legend>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <FormField id={`${id}-type`} label="Type" className="md:w-40">
          <Select
            value={type}
            onValueChange={(value) => setType(CHANNEL_TYPES.find((known) => known === value) ?? 'webhook')}
          >
            <SelectTrigger id={`${id}-type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CHANNEL_TYPES.map((channelType) => (
                <SelectItem key={channelType} value={channelType}>
                  {CHANNEL_TYPE_LABELS[channelType]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id={`${id}-target`} label={TARGET_LABELS[type]} className="flex-1">
          <Input
            id={`${id}-target`}
            ref={targetRef}
            autoComplete="off"
            spellCheck={false}
            placeholder={TARGET_PLACEHOLDERS[type]}
            {...invalidInput(errorId, error !== null)}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
        </FormField>
        <Button type="button" variant="outline" disabled={full} onClick={add}>
          <Plus aria-hidden="true" />
          Add channel
        </Button>
      </div>
      <FormError message={error} id={errorId} />
      <p className="text-xs text-muted-foreground">
        {full
          ? `At most ${MAX_ALERT_CHANNELS} channels: remove one to add another.`
          : 'Added channels are kept when you save. A new webhook gets a signing secret, shown once after saving.'}
      </p>
    </fieldset>
  );
}
