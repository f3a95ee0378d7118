// Create/Edit Product (docs/screens.md#createedit-product-dialog): validation messages from
// docs/rules.md#8-validation, the form disabled while saving.
import type { Category, Product } from '@cmp/shared';
import { useId, useState } from 'react';
import { reloadCategories } from '../../../api/categories';
import { reloadProducts, saveProduct } from '../../../api/products';
import { CategorySelect } from '../../../components/category-select';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { invalidInput } from '../../../components/form-error';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Input } from '../../../components/ui/input';
import { useSaveForm } from '../../../components/use-save-form';
import { type ProductFormValues, productFormValues, validateProductForm } from '../utils/product-form';

export interface ProductFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The product to edit; none to create one. */
  product: Product | null;
  categories: Category[];
}

export function ProductFormDialog({ open, onOpenChange, product, categories }: ProductFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <ProductForm product={product} categories={categories} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ProductForm({
  product,
  categories,
  onClose,
}: {
  product: Product | null;
  categories: Category[];
  onClose(): void;
}) {
  const [values, setValues] = useState<ProductFormValues>(() => productFormValues(product));
  /** The API field the validation message is about. */
  const [invalidField, setInvalidField] = useState<string>();
  const id = useId();
  const set = (field: keyof ProductFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const { error, fieldErrors, saving, submit } = useSaveForm({
    fields: ['sku', 'name', 'current_price', 'cost', 'gtin', 'mpn', 'category_id'],
    validate: () => {
      const checked = validateProductForm(values);
      setInvalidField(checked.ok ? undefined : checked.field);
      return checked;
    },
    save: (input) => saveProduct(input, product?.id),
    success: product ? 'Product updated successfully' : 'Product created successfully',
    failure: 'Failed to save product',
    onSaved: () => {
      void reloadProducts();
      void reloadCategories();
      onClose();
    },
  });

  const errorId = `${id}-error`;
  const invalid = (field: string) => invalidInput(errorId, error !== null && invalidField === field);

  return (
    <DialogForm
      title={product ? 'Edit Product' : 'Create Product'}
      description={product ? 'Change the product details.' : 'Add a product to your catalogue.'}
      error={error}
      errorId={errorId}
      busy={saving}
      submitLabel={product ? 'Update Product' : 'Create Product'}
      onSubmit={submit}
      values={values}
    >
      <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-sku`} error={fieldErrors.sku} label="SKU">
          <Input
            id={`${id}-sku`}
            {...fieldErrorProps(`${id}-sku`, fieldErrors.sku)}
            aria-required="true"
            {...invalid('sku')}
            value={values.sku}
            onChange={(e) => set('sku')(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-name`} error={fieldErrors.name} label="Product Name">
          <Input
            id={`${id}-name`}
            {...fieldErrorProps(`${id}-name`, fieldErrors.name)}
            aria-required="true"
            {...invalid('name')}
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-price`} error={fieldErrors.current_price} label="Current Price">
          <Input
            id={`${id}-price`}
            {...fieldErrorProps(`${id}-price`, fieldErrors.current_price)}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            aria-required="true"
            {...invalid('current_price')}
            value={values.currentPrice}
            onChange={(e) => set('currentPrice')(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-cost`} error={fieldErrors.cost} label="Cost (optional)">
          <Input
            id={`${id}-cost`}
            {...fieldErrorProps(`${id}-cost`, fieldErrors.cost)}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            {...invalid('cost')}
            value={values.cost}
            onChange={(e) => set('cost')(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-gtin`} error={fieldErrors.gtin} label="GTIN / EAN (optional)">
          <Input
            id={`${id}-gtin`}
            {...fieldErrorProps(`${id}-gtin`, fieldErrors.gtin)}
            autoComplete="off"
            spellCheck={false}
            {...invalid('gtin')}
            value={values.gtin}
            onChange={(e) => set('gtin')(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-mpn`} error={fieldErrors.mpn} label="MPN (optional)">
          <Input
            id={`${id}-mpn`}
            {...fieldErrorProps(`${id}-mpn`, fieldErrors.mpn)}
            autoComplete="off"
            spellCheck={false}
            {...invalid('mpn')}
            value={values.mpn}
            onChange={(e) => set('mpn')(e.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-category`}
          error={fieldErrors.category_id}
          label="Category (optional)"
          className="sm:col-span-2"
        >
          <CategorySelect
            id={`${id}-category`}
            {...fieldErrorProps(`${id}-category`, fieldErrors.category_id)}
            value={values.categoryId}
            onChange={set('categoryId')}
            categories={categories}
            disabled={saving}
          />
        </FormField>
      </fieldset>
    </DialogForm>
  );
}
