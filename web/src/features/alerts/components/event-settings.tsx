// The alert kinds, each on or off, with its threshold where it has one (ALERT_THRESHOLDS).
import { ALERT_KIND_LABELS, ALERT_KINDS, ALERT_THRESHOLDS, type AlertKind, hasThreshold } from '@cmp/shared';
import { useId } from 'react';
import { FormError, invalidInput } from '../../../components/form-error';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { type EventValues, type SettingsField, thresholdField } from '../utils/settings-form';

export function EventSettings({
  events,
  onChange,
  errors,
  disabled,
}: {
  events: Record<AlertKind, EventValues>;
  onChange(events: Record<AlertKind, EventValues>): void;
  errors: Partial<Record<SettingsField, string>>;
  disabled: boolean;
}) {
  const id = useId();
  const set = (kind: AlertKind, change: Partial<EventValues>) =>
    onChange({ ...events, [kind]: { ...events[kind], ...change } });
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 font-semibold">Alerts</legend>
      {ALERT_KINDS.map((kind) => {
        const checkboxId = `${id}-${kind}`;
        const inputId = `${id}-${kind}-threshold`;
        const errorId = `${inputId}-error`;
        const error = errors[thresholdField(kind)] ?? null;
        return (
          <div key={kind} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
            <div className="flex items-center gap-2 sm:w-72">
              <Checkbox
                id={checkboxId}
                checked={events[kind].enabled}
                onChange={(event) => set(kind, { enabled: event.target.checked })}
              />
              <Label htmlFor={checkboxId}>{ALERT_KIND_LABELS[kind]}</Label>
            </div>
            {hasThreshold(kind) ? (
              <div className="flex flex-1 flex-col gap-2">
                <div className="flex items-center gap-2">
                  <Label htmlFor={inputId} className="sm:w-48">
                    {ALERT_THRESHOLDS[kind].label}
                  </Label>
                  <div className="w-28 shrink-0">
                    <Input
                      id={inputId}
                      // Text, not number: a number input hides what was typed when it is not one.
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={`Default ${ALERT_THRESHOLDS[kind].default}`}
                      {...invalidInput(errorId, error !== null)}
                      value={events[kind].threshold}
                      onChange={(event) => set(kind, { threshold: event.target.value })}
                    />
                  </div>
                </div>
                <FormError message={error} id={errorId} />
              </div>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
