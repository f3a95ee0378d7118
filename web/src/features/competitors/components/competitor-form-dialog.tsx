// Add/Edit Competitor URL (docs/screens.md#addedit-competitor-url-dialog: 'All fields are required',
// 'Please enter a valid URL').
import { type CompetitorUrl, competitorNameFromUrl, UNKNOWN_COMPETITOR } from '@cmp/shared';
import { useId, useState } from 'react';
import { reloadCompetitorUrls, saveCompetitorUrl } from '../../../api/competitor-urls';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Input } from '../../../components/ui/input';
import { useSaveForm } from '../../../components/use-save-form';
import {
  type CompetitorFormValues,
  competitorFormValues,
  validateCompetitorForm,
} from '../utils/competitor-form';
import { ProductPicker } from './product-picker';

export interface CompetitorFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  competitor: CompetitorUrl | null;
}

export function CompetitorFormDialog({ open, onOpenChange, competitor }: CompetitorFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <CompetitorForm competitor={competitor} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CompetitorForm({ competitor, onClose }: { competitor: CompetitorUrl | null; onClose(): void }) {
  const [values, setValues] = useState<CompetitorFormValues>(() => competitorFormValues(competitor));
  const id = useId();
  const set = (field: keyof CompetitorFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  // A convenience: an empty name takes the URL's host, the same default the CSV import uses.
  const suggestName = () => {
    const host = competitorNameFromUrl(values.url.trim());
    if (!values.competitorName.trim() && host !== UNKNOWN_COMPETITOR) set('competitorName')(host);
  };

  const { error, fieldErrors, saving, submit } = useSaveForm({
    fields: ['product_id', 'url', 'competitor_name'],
    validate: () => validateCompetitorForm(values),
    save: (input) => saveCompetitorUrl(input, competitor?.id),
    success: competitor ? 'Competitor URL updated successfully' : 'Competitor URL created successfully',
    failure: 'Failed to save competitor URL',
    onSaved: () => {
      void reloadCompetitorUrls();
      onClose();
    },
  });

  return (
    <DialogForm
      title={competitor ? 'Edit Competitor URL' : 'Add Competitor URL'}
      description="A competitor's page for one of your products."
      error={error}
      busy={saving}
      submitLabel={competitor ? 'Update' : 'Add Competitor'}
      onSubmit={submit}
      values={values}
    >
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <FormField id={`${id}-product`} label="Product" error={fieldErrors.product_id}>
          <ProductPicker
            id={`${id}-product`}
            value={values.productId}
            onChange={set('productId')}
            current={competitor ? { id: competitor.product_id, ...competitor.product } : null}
            disabled={saving}
            triggerProps={fieldErrorProps(`${id}-product`, fieldErrors.product_id)}
          />
        </FormField>
        <FormField id={`${id}-url`} label="URL" error={fieldErrors.url}>
          <Input
            id={`${id}-url`}
            {...fieldErrorProps(`${id}-url`, fieldErrors.url)}
            type="url"
            inputMode="url"
            aria-required="true"
            placeholder="https://www.example-shop.com/product"
            value={values.url}
            onChange={(e) => set('url')(e.target.value)}
            onBlur={suggestName}
          />
        </FormField>
        <FormField id={`${id}-name`} label="Competitor Name" error={fieldErrors.competitor_name}>
          <Input
            id={`${id}-name`}
            {...fieldErrorProps(`${id}-name`, fieldErrors.competitor_name)}
            aria-required="true"
            value={values.competitorName}
            onChange={(e) => set('competitorName')(e.target.value)}
          />
        </FormField>
      </fieldset>
    </DialogForm>
  );
}
