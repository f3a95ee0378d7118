// How the comparison treats offers (docs/screens.md#17-pricing-rules): whether out-of-stock offers are
// left out of the dashboard's comparison, the suggestions and the alerts. Admins change it at once; staff
// read which applies.
import { useId, useState } from 'react';
import { saveComparisonSettings, useComparisonSettings } from '../../../api/pricing';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { notifyError, notifySuccess } from '../../../lib/notify';

export function ComparisonCard({ canEdit }: { canEdit: boolean }) {
  const settings = useComparisonSettings().data;
  /** The value being saved: the box shows it at once, and goes back if the save fails. */
  const [saving, setSaving] = useState<boolean | null>(null);
  const id = useId();
  const inStockOnly = saving ?? settings?.compare_in_stock_only ?? false;

  const change = async (next: boolean) => {
    setSaving(next);
    try {
      await saveComparisonSettings({ compare_in_stock_only: next });
      notifySuccess(next ? 'Out-of-stock offers are now left out' : 'Out-of-stock offers now count');
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
      <CardContent className="flex flex-col gap-2">
        {canEdit ? (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-stock`}
              checked={inStockOnly}
              disabled={!settings || saving !== null}
              aria-describedby={`${id}-stock-hint`}
              onChange={(event) => void change(event.target.checked)}
            />
            <Label htmlFor={`${id}-stock`}>Compare offers in stock only</Label>
          </div>
        ) : null}
        <p id={`${id}-stock-hint`} className="text-sm text-muted-foreground">
          {inStockOnly
            ? 'Out-of-stock offers are shown but left out of the comparison.'
            : 'Every priced offer is compared, in stock or not.'}{' '}
          An out-of-stock offer never raises an undercut or now-cheapest alert.
        </p>
      </CardContent>
    </Card>
  );
}
