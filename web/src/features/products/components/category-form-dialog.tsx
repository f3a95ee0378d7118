// Create/Edit Category (spec §5: 'Category name is required'; an empty description is sent as null).
import type { Category } from '@cmp/shared';
import { type FormEvent, useId, useState } from 'react';
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
import { Textarea } from '../../../components/ui/textarea';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { reloadCategories, saveCategory } from '../api/categories';
import { reloadProducts } from '../api/products';
import { validateCategoryForm } from '../utils/category-form';

export interface CategoryFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  category: Category | null;
}

export function CategoryFormDialog({ open, onOpenChange, category }: CategoryFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <CategoryForm category={category} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CategoryForm({ category, onClose }: { category: Category | null; onClose(): void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateCategoryForm({ name, description });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await saveCategory(result.input, category?.id);
      notifySuccess(category ? 'Category updated successfully' : 'Category created successfully');
      void reloadCategories();
      // A renamed category shows in the products table.
      if (category) void reloadProducts();
      onClose();
    } catch (caught) {
      notifyError(caught, 'Failed to save category');
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{category ? 'Edit Category' : 'Create Category'}</DialogTitle>
        <DialogDescription>Categories group products for filtering.</DialogDescription>
      </DialogHeader>
      <FormError message={error} />
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Category Name</Label>
          <Input
            id={`${id}-name`}
            aria-required="true"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : category ? 'Update Category' : 'Create Category'}
        </Button>
      </DialogFooter>
    </form>
  );
}
