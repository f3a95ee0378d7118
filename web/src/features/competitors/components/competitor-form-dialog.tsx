// Add/Edit Competitor URL (spec §5: 'All fields are required', 'Please enter a valid URL').
import { type CompetitorUrl, competitorNameFromUrl, type Product, UNKNOWN_COMPETITOR } from '@cmp/shared';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveCompetitorUrl } from '../api/competitor-url-mutations';
import { reloadCompetitorUrls } from '../api/competitor-urls';
import {
  type CompetitorFormValues,
  competitorFormValues,
  validateCompetitorForm,
} from '../utils/competitor-form';

export interface CompetitorFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  competitor: CompetitorUrl | null;
  products: Product[];
}

export function CompetitorFormDialog({
  open,
  onOpenChange,
  competitor,
  products,
}: CompetitorFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <CompetitorForm competitor={competitor} products={products} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CompetitorForm({
  competitor,
  products,
  onClose,
}: {
  competitor: CompetitorUrl | null;
  products: Product[];
  onClose(): void;
}) {
  const [values, setValues] = useState<CompetitorFormValues>(() => competitorFormValues(competitor));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const options = useMemo(() => [...products].sort((a, b) => a.name.localeCompare(b.name)), [products]);
  const set = (field: keyof CompetitorFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  // A convenience: an empty name takes the URL's host, the same default the CSV import uses.
  const suggestName = () => {
    const host = competitorNameFromUrl(values.url.trim());
    if (!values.competitorName.trim() && host !== UNKNOWN_COMPETITOR) set('competitorName')(host);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateCompetitorForm(values);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await saveCompetitorUrl(result.input, competitor?.id);
      notifySuccess(
        competitor ? 'Competitor URL updated successfully' : 'Competitor URL created successfully',
      );
      void reloadCompetitorUrls();
      onClose();
    } catch (caught) {
      notifyError(caught, 'Failed to save competitor URL');
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{competitor ? 'Edit Competitor URL' : 'Add Competitor URL'}</DialogTitle>
        <DialogDescription>A competitor's page for one of your products.</DialogDescription>
      </DialogHeader>
      <FormError message={error} />
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-product`}>Product</Label>
          <Select value={values.productId} onValueChange={set('productId')} disabled={saving}>
            <SelectTrigger id={`${id}-product`} aria-required="true">
              <SelectValue placeholder="Select a product" />
            </SelectTrigger>
            <SelectContent>
              {options.map((product) => (
                <SelectItem key={product.id} value={String(product.id)}>
                  {product.name} ({product.sku})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-url`}>URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            aria-required="true"
            placeholder="https://www.example-shop.com/product"
            value={values.url}
            onChange={(e) => set('url')(e.target.value)}
            onBlur={suggestName}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Competitor Name</Label>
          <Input
            id={`${id}-name`}
            aria-required="true"
            value={values.competitorName}
            onChange={(e) => set('competitorName')(e.target.value)}
          />
        </div>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : competitor ? 'Update' : 'Add Competitor'}
        </Button>
      </DialogFooter>
    </form>
  );
}
