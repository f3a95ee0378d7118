// Create/Edit Product (docs/screens.md#createedit-product-dialog): validation messages from
// docs/rules.md#8-validation, the form disabled while saving.
import {
  type Category,
  checkProductForm,
  type Product,
  type ProductFormText,
  productFormText,
} from '@cmp/shared';
import { useId, useState } from 'react';
import { reloadCategories } from '../../../api/categories';
import { reloadProducts, saveProduct } from '../../../api/products';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { ProductFormFields } from '../../../components/product-form-fields';
import { useSaveForm } from '../../../components/use-save-form';
import { PRODUCT_FORM_FIELD_NAMES } from '../../../lib/product-form-fields';

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
  const [text, setText] = useState<ProductFormText>(() => productFormText(product));
  const id = useId();
  const errorId = `${id}-error`;

  const { error, invalidField, fieldErrors, saving, submit } = useSaveForm({
    fields: PRODUCT_FORM_FIELD_NAMES,
    validate: () => checkProductForm(text, 'products'),
    save: (input) => saveProduct(input, product?.id),
    success: product ? 'Product updated successfully' : 'Product created successfully',
    failure: 'Failed to save product',
    onSaved: () => {
      void reloadProducts();
      void reloadCategories();
      onClose();
    },
  });

  return (
    <DialogForm
      title={product ? 'Edit Product' : 'Create Product'}
      description={product ? 'Change the product details.' : 'Add a product to your catalogue.'}
      error={error}
      errorId={errorId}
      busy={saving}
      submitLabel={product ? 'Update Product' : 'Create Product'}
      onSubmit={submit}
      values={text}
    >
      <ProductFormFields
        kind="products"
        id={id}
        text={text}
        setText={setText}
        categories={categories}
        busy={saving}
        errorId={errorId}
        invalidField={invalidField}
        fieldErrors={fieldErrors}
      />
    </DialogForm>
  );
}
