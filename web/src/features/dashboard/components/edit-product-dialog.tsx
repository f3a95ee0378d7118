// 'Edit Product & Manage Competitors' (docs/screens.md#edit-product-and-manage-competitors-dialog,
// decision 3).
import {
  type Category,
  checkProductForm,
  type DashboardProduct,
  type ProductFormText,
  productFormText,
} from '@cmp/shared';
import { useEffect, useId, useState } from 'react';
import { saveProduct } from '../../../api/products';
import { FormDialog, useUnsavedChanges } from '../../../components/form-dialog';
import { FormError } from '../../../components/form-error';
import { ProductFormFields } from '../../../components/product-form-fields';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useSaveForm } from '../../../components/use-save-form';
import { PRODUCT_FORM_FIELD_NAMES } from '../../../lib/product-form-fields';
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
      <ProductForm product={product} categories={categories} onBusyChange={setBusy} onSaved={onClose} />
      <CompetitorManager productId={product.id} />
    </FormDialog>
  );
}

function ProductForm({
  product,
  categories,
  onBusyChange,
  onSaved,
}: {
  product: DashboardProduct;
  categories: readonly Category[];
  /** The dialog stays open while a save runs. */
  onBusyChange(busy: boolean): void;
  onSaved(): void;
}) {
  const [text, setText] = useState<ProductFormText>(() => productFormText(product));
  useUnsavedChanges(text);
  const id = useId();
  const errorId = `${id}-error`;

  const { error, invalidField, fieldErrors, saving, submit } = useSaveForm({
    fields: PRODUCT_FORM_FIELD_NAMES,
    validate: () => checkProductForm(text, 'dashboard'),
    save: (input) => saveProduct(input, product.id),
    success: 'Product updated successfully',
    failure: 'Failed to update product',
    onSaved: () => {
      void reloadPriceOverview();
      onSaved();
    },
  });
  useEffect(() => onBusyChange(saving), [onBusyChange, saving]);

  return (
    // Not a DialogForm: the dialog holds the competitor list too, under its own title.
    <form onSubmit={submit} noValidate aria-label="Product details" className="flex flex-col gap-4">
      <FormError message={error} id={errorId} />
      <ProductFormFields
        kind="dashboard"
        id={id}
        text={text}
        setText={setText}
        categories={categories}
        busy={saving}
        errorId={errorId}
        invalidField={invalidField}
        fieldErrors={fieldErrors}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
