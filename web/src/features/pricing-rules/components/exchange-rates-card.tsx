// The exchange rates (docs/screens.md#17-pricing-rules): a competitor price in another currency is compared
// after conversion at its day's rate. Admins set rates by hand, which take precedence over the ECB's
// reference rates (read daily on AWS); everyone sees both, and how old a rate may be.
import type { ExchangeRatesAnswer } from '@cmp/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { saveExchangeRates, useExchangeRates } from '../../../api/pricing';
import { IconAction } from '../../../components/icon-action';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type RateRow, rowOf, validateRates } from '../utils/rates-form';

const today = () => new Date().toISOString().slice(0, 10);

export function ExchangeRatesCard({ canEdit }: { canEdit: boolean }) {
  const { data } = useExchangeRates();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Exchange rates</CardTitle>
        <CardDescription>
          A competitor price in another currency is compared after conversion into{' '}
          {data?.shop_currency ?? 'the shop currency'} at a rate of its day. Rates set here take precedence
          over the European Central Bank's; a rate more than {data?.max_age_days ?? 7} days from a price's day
          is not used.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {data ? canEdit ? <ManualRatesForm data={data} /> : <ManualRatesList data={data} /> : null}
        {data ? <ReferenceRates data={data} /> : null}
      </CardContent>
    </Card>
  );
}

function ManualRatesList({ data }: { data: ExchangeRatesAnswer }) {
  if (data.manual.length === 0) return <p className="text-sm">No rate is set by hand.</p>;
  return (
    <Table label="Rates set by hand">
      <TableHeader>
        <TableRow>
          <TableHead>Currency</TableHead>
          <TableHead className="text-right">Rate</TableHead>
          <TableHead>Of</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.manual.map((rate) => (
          <TableRow key={rate.currency}>
            <TableCell>{rate.currency}</TableCell>
            <TableCell className="text-right tabular-nums">{rate.rate}</TableCell>
            <TableCell>{rate.date}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ManualRatesForm({ data }: { data: ExchangeRatesAnswer }) {
  const [rows, setRows] = useState<RateRow[]>(() => data.manual.map(rowOf));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  // What the server holds, once it answers with a change (another admin's, or this save's).
  useEffect(() => setRows(data.manual.map(rowOf)), [data.manual]);

  const update = (index: number, field: keyof RateRow, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const save = async () => {
    const checked = validateRates(rows);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setSaving(true);
    try {
      await saveExchangeRates(checked.value);
      notifySuccess('Exchange rates saved');
    } catch (failure) {
      notifyError(failure, 'Failed to save the exchange rates');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      aria-label="Rates set by hand"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={saving} className="flex flex-col gap-2">
        <legend className="text-sm font-medium">
          Rates set by hand: one unit of the currency in {data.shop_currency}
        </legend>
        {rows.length === 0 ? <p className="text-sm">No rate is set by hand.</p> : null}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved, and keep their place
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-${index}-currency`}>
              Currency
              <Input
                id={`${id}-${index}-currency`}
                className="w-24"
                value={row.currency}
                maxLength={3}
                onChange={(event) => update(index, 'currency', event.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-${index}-rate`}>
              Rate
              <Input
                id={`${id}-${index}-rate`}
                className="w-32"
                inputMode="decimal"
                value={row.rate}
                onChange={(event) => update(index, 'rate', event.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-${index}-date`}>
              Of (YYYY-MM-DD)
              <Input
                id={`${id}-${index}-date`}
                className="w-36"
                value={row.date}
                onChange={(event) => update(index, 'date', event.target.value)}
              />
            </label>
            <IconAction
              label={`Remove the ${row.currency || 'new'} rate`}
              tip="Remove"
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </IconAction>
          </div>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={saving}
          onClick={() => setRows((current) => [...current, { currency: '', rate: '', date: today() }])}
        >
          <Plus aria-hidden="true" /> Add rate
        </Button>
        <Button type="submit" disabled={saving}>
          Save rates
        </Button>
      </div>
    </form>
  );
}

function ReferenceRates({ data }: { data: ExchangeRatesAnswer }) {
  if (!data.reference)
    return (
      <p className="text-sm text-muted-foreground">
        No reference rate has been read yet: on AWS they are read every working day.
      </p>
    );
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium">
        European Central Bank reference rates of {data.reference.date}
      </summary>
      <Table label={`Reference rates of ${data.reference.date}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Currency</TableHead>
            <TableHead className="text-right">In {data.shop_currency}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.reference.rates.map((rate) => (
            <TableRow key={rate.currency}>
              <TableCell>{rate.currency}</TableCell>
              <TableCell className="text-right tabular-nums">{rate.rate}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}
