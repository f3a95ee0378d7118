// Create/Edit Product (spec §2, §5): validation messages from the spec, the form disabled while saving.
import type { Category, Product } from '@cmp/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
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
import { cn } from '../../../lib/cn';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { reloadCategories } from '../api/categories';
import { saveProduct } from '../api/product-mutations';
import { reloadProducts } from '../api/products';
import { type ProductFormValues, productFormValues, validateProductForm } from '../utils/product-form';

// Radix select items cannot have '' as a value.
const NO_CATEGORY = 'none';

export interface ProductFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The product to edit; none to create one. */
  product: Product | null;
  categories: Category[];
}

export function ProductFormDialog({ open, onOpenChange, product, categories }: ProductFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <ProductForm product={product} categories={categories} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const set = (field: keyof ProductFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateProductForm(values);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await saveProduct(result.input, product?.id);
      notifySuccess(product ? 'Product updated successfully' : 'Product created successfully');
      void reloadProducts();
      void reloadCategories();
      onClose();
    } catch (caught) {
      notifyError(caught, 'Failed to save product');
      setSaving(false);
    }
  };

  return (
    // noValidate: the spec's own messages explain a bad price, not the browser's bubble.
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{product ? 'Edit Product' : 'Create Product'}</DialogTitle>
        <DialogDescription>
          {product ? 'Change the product details.' : 'Add a product to your catalogue.'}
        </DialogDescription>
      </DialogHeader>
      <FormError message={error} />
      <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-sku`} label="SKU">
          <Input
            id={`${id}-sku`}
            aria-required="true"
            value={values.sku}
            onChange={(e) => set('sku')(e.target.value)}
          />
        </Field>
        <Field id={`${id}-name`} label="Product Name">
          <Input
            id={`${id}-name`}
            aria-required="true"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        </Field>
        <Field id={`${id}-price`} label="Current Price">
          <Input
            id={`${id}-price`}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            aria-required="true"
            value={values.currentPrice}
            onChange={(e) => set('currentPrice')(e.target.value)}
          />
        </Field>
        <Field id={`${id}-cost`} label="Cost (optional)">
          <Input
            id={`${id}-cost`}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            value={values.cost}
            onChange={(e) => set('cost')(e.target.value)}
          />
        </Field>
        <Field id={`${id}-category`} label="Category (optional)" className="sm:col-span-2">
          <Select
            value={values.categoryId || NO_CATEGORY}
            onValueChange={(value) => set('categoryId')(value === NO_CATEGORY ? '' : value)}
            disabled={saving}
          >
            <SelectTrigger id={`${id}-category`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_CATEGORY}>No category</SelectItem>
              {categories.map((category) => (
                <SelectItem key={category.id} value={String(category.id)}>
                  {category.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
