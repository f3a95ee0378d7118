// The edit dialog's competitor URLs (docs/screens.md#edit-product-and-manage-competitors-dialog): the list
// with delete (confirmed first: the price history goes with it), and the add form.
import { type CompetitorUrl, competitorNameFromUrl, truncateUrl } from '@cmp/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { saveCompetitorUrl, useProductCompetitorUrls } from '../../../api/competitor-urls';
import { DeleteCompetitorUrlDialog } from '../../../components/delete-competitor-url-dialog';
import { useUnsavedChanges } from '../../../components/form-dialog';
import { FormError } from '../../../components/form-error';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { IconAction } from '../../../components/icon-action';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { canAddCompetitor, checkCompetitorFields } from '../utils/edit-forms';
import { reloadPriceOverview } from './use-price-overview';

export function CompetitorManager({ productId }: { productId: number }) {
  const competitors = useProductCompetitorUrls(productId);
  const [deleting, setDeleting] = useState<CompetitorUrl | null>(null);
  const headingId = useId();

  // Counts and the comparison on the dashboard change with the list, so both reload.
  const reload = () => Promise.all([competitors.mutate(), reloadPriceOverview()]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        Competitor URLs
      </h3>
      {competitors.data === undefined ? (
        competitors.error ? (
          <p className="text-sm text-muted-foreground">Competitor URLs could not be loaded.</p>
        ) : (
          <div className="flex justify-center py-4">
            <Spinner label="Loading competitors" />
          </div>
        )
      ) : competitors.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No competitor URLs yet.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {competitors.data.map((competitor) => (
            <li key={competitor.id} className="flex items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {competitor.competitor_name || competitorNameFromUrl(competitor.url)}
                </p>
                <a
                  href={competitor.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate text-xs text-info underline-offset-4 hover:underline"
                >
                  {truncateUrl(competitor.url)}
                </a>
              </div>
              <IconAction
                label={`Delete competitor ${competitor.competitor_name}`}
                tip="Delete competitor"
                onClick={() => setDeleting(competitor)}
              >
                <Trash2 aria-hidden="true" />
              </IconAction>
            </li>
          ))}
        </ul>
      )}
      <AddCompetitorForm productId={productId} onAdded={reload} />
      <DeleteCompetitorUrlDialog
        competitor={deleting}
        onClose={() => setDeleting(null)}
        success="Competitor deleted successfully"
        failure="Failed to delete competitor"
        onDeleted={reload}
      />
    </section>
  );
}

function AddCompetitorForm({ productId, onAdded }: { productId: number; onAdded(): Promise<unknown> }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  useUnsavedChanges({ name, url });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCompetitorFields(name, url);
    setError(checked.ok ? null : checked.error);
    setFieldErrors({});
    if (!checked.ok) return;
    setBusy(true);
    try {
      await saveCompetitorUrl({ product_id: productId, ...checked.value });
    } catch (failure) {
      notifyError(failure, 'Failed to add competitor');
      const shown = formErrors(failure, ['competitor_name', 'url']);
      setError(shown.general);
      setFieldErrors(shown.fields);
      setBusy(false);
      return;
    }
    notifySuccess('Competitor added successfully');
    setName('');
    setUrl('');
    setBusy(false);
    await onAdded();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add competitor" className="flex flex-col gap-3">
      <FormError message={error} />
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <FormField id={`${id}-name`} label="Competitor name" error={fieldErrors.competitor_name}>
          <Input
            id={`${id}-name`}
            {...fieldErrorProps(`${id}-name`, fieldErrors.competitor_name)}
            placeholder="e.g. Argos"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-url`} label="Competitor URL" error={fieldErrors.url}>
          <Input
            id={`${id}-url`}
            {...fieldErrorProps(`${id}-url`, fieldErrors.url)}
            type="url"
            placeholder="https://www.example.com/product"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={busy || !canAddCompetitor(name, url)}>
          <Plus aria-hidden="true" />
          {busy ? 'Adding...' : 'Add'}
        </Button>
      </fieldset>
    </form>
  );
}
