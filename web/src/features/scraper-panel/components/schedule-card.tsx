// The Schedule card (docs/screens.md#schedule-card): whether scheduled price checks run and when, with
// the expression, its time zone and the next run. Admins change it; staff see it read-only.
import { ADMINS_ONLY_SCHEDULE, formatDateTime, type ScraperSchedule } from '@cmp/shared';
import { Info } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { saveScraperSchedule, useScraperSchedule } from '../../../api/scraper';
import { FormError, invalidInput } from '../../../components/form-error';
import { LoadingOrError } from '../../../components/loading-or-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  type ScheduleField,
  type ScheduleFormValues,
  type ScheduleKind,
  scheduleFormValues,
  scheduleInput,
} from '../utils/schedule-form';

export function ScheduleCard({ canEdit }: { canEdit: boolean }) {
  const schedule = useScraperSchedule();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="schedule-title">Schedule</CardTitle>
        <CardDescription>Scheduled price checks start on their own at these times.</CardDescription>
        {canEdit ? null : (
          <p className="flex items-center gap-2 text-sm font-medium">
            <Info aria-hidden="true" className="size-4" />
            {ADMINS_ONLY_SCHEDULE}
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {schedule.data ? (
          <>
            <ScheduleFacts schedule={schedule.data} />
            {/* Keyed by what is saved, so the form starts again from each saved schedule. */}
            <ScheduleForm
              key={`${schedule.data.enabled} ${schedule.data.expression}`}
              schedule={schedule.data}
              canEdit={canEdit}
            />
          </>
        ) : (
          <LoadingOrError
            error={schedule.error}
            what="The schedule"
            loadingLabel="Loading the schedule"
            onRetry={() => void schedule.mutate()}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ScheduleFacts({ schedule }: { schedule: ScraperSchedule }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-muted-foreground">Expression</dt>
        <dd className="font-mono wrap-anywhere">{schedule.expression}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Time zone</dt>
        <dd>{schedule.timezone}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Next run</dt>
        <dd>
          {schedule.next_run_at
            ? `${formatDateTime(schedule.next_run_at, schedule.timezone)} ${schedule.timezone}`
            : 'None: scheduled checks are off'}
        </dd>
      </div>
    </dl>
  );
}

function ScheduleForm({ schedule, canEdit }: { schedule: ScraperSchedule; canEdit: boolean }) {
  const id = useId();
  const [values, setValues] = useState<ScheduleFormValues>(() => scheduleFormValues(schedule));
  const [error, setError] = useState<{ field: ScheduleField; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<ScheduleFormValues>) => setValues((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = scheduleInput(values);
    if (!checked.ok) return setError(checked);
    setError(null);
    setSaving(true);
    try {
      await saveScraperSchedule(checked.input);
      notifySuccess('Schedule saved');
    } catch (failure) {
      notifyError(failure, 'Failed to save the schedule');
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: ScheduleField) => (error?.field === field ? error.message : null);
  const choice = (kind: ScheduleKind, label: string, field: ScheduleField, input: ReactNode) => {
    const errorId = `${id}-${field}-error`;
    return (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="radio"
            id={`${id}-${kind}`}
            name={`${id}-kind`}
            checked={values.kind === kind}
            onChange={() => set({ kind })}
            className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <Label htmlFor={`${id}-${kind}`} className="w-44">
            {label}
          </Label>
          <div className="w-48">{input}</div>
        </div>
        <FormError message={errorOf(field)} id={errorId} />
      </div>
    );
  };
  const fieldProps = (field: ScheduleField, label: string) => ({
    'aria-label': label,
    disabled: !canEdit || saving || values.kind !== kindOf[field],
    ...invalidInput(`${id}-${field}-error`, errorOf(field) !== null),
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="schedule-title" className="flex flex-col gap-4">
      <fieldset disabled={!canEdit || saving} className="flex min-w-0 flex-col gap-4">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-enabled`}
            role="switch"
            checked={values.enabled}
            onChange={(event) => set({ enabled: event.target.checked })}
          />
          <Label htmlFor={`${id}-enabled`}>Run scheduled price checks</Label>
        </div>
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">When (UTC)</legend>
          {choice(
            'daily',
            'Daily at',
            'time',
            // Text, not type="time": its focus sits inside the browser's own fields, with no ring to see.
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder="HH:MM"
              value={values.time}
              onChange={(event) => set({ time: event.target.value })}
              {...fieldProps('time', 'Time of day, UTC')}
            />,
          )}
          {choice(
            'hours',
            'Every N hours',
            'hours',
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={values.hours}
              onChange={(event) => set({ hours: event.target.value })}
              {...fieldProps('hours', 'Hours between checks')}
            />,
          )}
          {choice(
            'custom',
            'Advanced expression',
            'expression',
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              value={values.expression}
              onChange={(event) => set({ expression: event.target.value })}
              {...fieldProps('expression', 'EventBridge schedule expression')}
            />,
          )}
        </fieldset>
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save schedule'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

const kindOf: Record<ScheduleField, ScheduleKind> = { time: 'daily', hours: 'hours', expression: 'custom' };
