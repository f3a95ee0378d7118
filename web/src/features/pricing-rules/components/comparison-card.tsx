// How the comparison treats offers (docs/screens.md#17-pricing-rules): whether out-of-stock offers are
// left out, and whether shipping is added, for the dashboard's comparison, the suggestions and the
// alerts. Admins change them at once; staff read which applies.
import type { ComparisonSettings } from '@cmp/shared';
import { useId, useState } from 'react';
import { saveComparisonSettings, useComparisonSettings } from '../../../api/pricing';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { notifyError, notifySuccess } from '../../../lib/notify';

type Setting = keyof ComparisonSettings;

/** Each setting's box, the hint for either value, and the toast for either change. */
const SETTINGS: Record<
  Setting,
  { label: string; on: string; off: string; turnedOn: string; turnedOff: string; always?: string }
> = {
  compare_in_stock_only: {
    label: 'Compare offers in stock only',
    on: 'Out-of-stock offers are shown but left out of the comparison.',
    off: 'Every priced offer is compared, in stock or not.',
    always: 'An out-of-stock offer never raises an undercut or now-cheapest alert.',
    turnedOn: 'Out-of-stock offers are now left out',
    turnedOff: 'Out-of-stock offers now count',
  },
  compare_with_shipping: {
    label: 'Compare totals with shipping',
    on: "Each offer is compared with its shop's shipping added, as set per host on Competitor hosts.",
    off: 'Offers are compared without shipping.',
    turnedOn: 'Offers are now compared with shipping',
    turnedOff: 'Offers are now compared without shipping',
  },
};

export function ComparisonCard({ canEdit }: { canEdit: boolean }) {
  const settings = useComparisonSettings().data;
  /** The change being saved: its box shows it at once, and goes back if the save fails. */
  const [saving, setSaving] = useState<Partial<ComparisonSettings> | null>(null);
  const id = useId();

  const change = async (setting: Setting, next: boolean) => {
    setSaving({ [setting]: next });
    try {
      await saveComparisonSettings({ [setting]: next });
      notifySuccess(next ? SETTINGS[setting].turnedOn : SETTINGS[setting].turnedOff);
    } catch (error) {
      notifyError(error, 'Failed to save the comparison settings');
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Comparison</CardTitle>
        <CardDescription>
          What the dashboard, the suggested prices and the alerts compare our price with.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {(Object.keys(SETTINGS) as Setting[]).map((setting) => {
          const text = SETTINGS[setting];
          const value = saving?.[setting] ?? settings?.[setting] ?? false;
          return (
            <div key={setting} className="flex flex-col gap-1">
              {canEdit ? (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${setting}`}
                    checked={value}
                    disabled={!settings || saving !== null}
                    aria-describedby={`${id}-${setting}-hint`}
                    onChange={(event) => void change(setting, event.target.checked)}
                  />
                  <Label htmlFor={`${id}-${setting}`}>{text.label}</Label>
                </div>
              ) : null}
              <p id={`${id}-${setting}-hint`} className="text-sm text-muted-foreground">
                {value ? text.on : text.off}
                {text.always ? ` ${text.always}` : ''}
              </p>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
