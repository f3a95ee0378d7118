// 'Edit Product & Manage Competitors' (docs/screens.md#edit-product-and-manage-competitors-dialog,
// decision 3).
import type { Category, DashboardProduct } from '@cmp/shared';
import { type FormEvent, useId, useState } from 'react';
import { saveProduct } from '../../../api/products';
import { CategorySelect } from '../../../components/category-select';
import { FormDialog, useUnsavedChanges } from '../../../components/form-dialog';
import { FormError, invalidInput } from '../../../components/form-error';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { formErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { checkProductFields, type ProductFields, productFields } from '../utils/edit-forms';
import { CompetitorManager } from './competitor-manager';
import { reloadPriceOverview } from './use-price-overview';

export function EditProductDialog({
  product,
  categories,
  onClose,
}: {
  product: DashboardProduct;
  categories: readonly Category[];
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog open size="lg" onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogHeader>
        <DialogTitle>Edit Product & Manage Competitors</DialogTitle>
        <DialogDescription>
          {product.name} (SKU: {product.sku})
        </DialogDescription>
      </DialogHeader>
      <ProductForm
        product={product}
        categories={categories}
        busy={busy}
        setBusy={setBusy}
        onSaved={onClose}
      />
      <CompetitorManager productId={product.id} />
    </FormDialog>
  );
}

function ProductForm({
  product,
  categories,
  busy,
  setBusy,
  onSaved,
}: {
  product: DashboardProduct;
  categories: readonly Category[];
  busy: boolean;
  setBusy(busy: boolean): void;
  onSaved(): void;
}) {
  const [fields, setFields] = useState<ProductFields>(() => productFields(product));
  useUnsavedChanges(fields);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const id = useId();
  const errorId = `${id}-error`;
  // A client-side message is above the form; a server's message about a field is beside it.
  const invalid = (field: keyof ProductFields, controlId: string) => ({
    ...invalidInput(errorId, error?.field === field),
    ...fieldErrorProps(controlId, fieldErrors[field]),
    error: fieldErrors[field],
  });
  const set = (field: keyof ProductFields) => (value: string) =>
    setFields((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProductFields(fields);
    setError(checked.ok ? null : { message: checked.error, field: checked.field });
    setFieldErrors({});
    if (!checked.ok) return;
    setBusy(true);
    try {
      await saveProduct(checked.value, product.id);
    } catch (failure) {
      notifyError(failure, 'Failed to update product');
      const shown = formErrors(failure, Object.keys(fields));
      setError(shown.general === null ? null : { message: shown.general });
      setFieldErrors(shown.fields);
      setBusy(false);
      return;
    }
    setBusy(false);
    notifySuccess('Product updated successfully');
    void reloadPriceOverview();
    onSaved();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Product details" className="flex flex-col gap-4">
      <FormError message={error?.message ?? null} id={errorId} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-sku`}
          label="SKU"
          value={fields.sku}
          onChange={set('sku')}
          {...invalid('sku', `${id}-sku`)}
        />
        <TextField
          id={`${id}-name`}
          label="Name"
          value={fields.name}
          onChange={set('name')}
          {...invalid('name', `${id}-name`)}
        />
        <TextField
          id={`${id}-price`}
          label="Current Price"
          type="number"
          value={fields.current_price}
          onChange={set('current_price')}
          {...invalid('current_price', `${id}-price`)}
        />
        <TextField
          id={`${id}-cost`}
          label="Cost"
          type="number"
          value={fields.cost}
          onChange={set('cost')}
          {...invalid('cost', `${id}-cost`)}
        />
        <TextField
          id={`${id}-gtin`}
          label="GTIN / EAN (optional)"
          type="code"
          value={fields.gtin}
          onChange={set('gtin')}
          {...invalid('gtin', `${id}-gtin`)}
        />
        <TextField
          id={`${id}-mpn`}
          label="MPN (optional)"
          type="code"
          value={fields.mpn}
          onChange={set('mpn')}
          {...invalid('mpn', `${id}-mpn`)}
        />
        <FormField
          id={`${id}-category`}
          label="Category"
          error={fieldErrors.category_id}
          className="sm:col-span-2"
        >
          <CategorySelect
            id={`${id}-category`}
            {...fieldErrorProps(`${id}-category`, fieldErrors.category_id)}
            value={fields.category_id}
            onChange={set('category_id')}
            categories={categories}
          />
        </FormField>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

const inputKinds = {
  text: {},
  number: { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' },
  // An identifier (GTIN, MPN): no spelling marks, no autofill suggestions.
  code: { autoComplete: 'off', spellCheck: false },
} as const;

function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  error,
  ...aria
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: keyof typeof inputKinds;
  /** The server's message about the field. */
  error?: string | undefined;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...inputKinds[type]}
        {...aria}
      />
    </FormField>
  );
}
