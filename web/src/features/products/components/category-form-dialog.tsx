// Create/Edit Category (docs/screens.md#createedit-category-dialog: 'Category name is required'; an empty
// description is sent as null).
import { type Category, checkCategoryForm } from '@cmp/shared';
import { useId, useState } from 'react';
import { reloadCategories, saveCategory } from '../../../api/categories';
import { reloadProducts } from '../../../api/products';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useSaveForm } from '../../../components/use-save-form';

export interface CategoryFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  category: Category | null;
}

export function CategoryFormDialog({ open, onOpenChange, category }: CategoryFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <CategoryForm category={category} onClose={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CategoryForm({ category, onClose }: { category: Category | null; onClose(): void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const id = useId();

  const { error, fieldErrors, saving, submit } = useSaveForm({
    fields: ['name', 'description'],
    validate: () => checkCategoryForm({ name, description }),
    save: (input) => saveCategory(input, category?.id),
    success: category ? 'Category updated successfully' : 'Category created successfully',
    failure: 'Failed to save category',
    onSaved: () => {
      void reloadCategories();
      // A renamed category shows in the products table.
      if (category) void reloadProducts();
      onClose();
    },
  });

  return (
    <DialogForm
      title={category ? 'Edit Category' : 'Create Category'}
      description="Categories group products for filtering."
      error={error}
      busy={saving}
      submitLabel={category ? 'Update Category' : 'Create Category'}
      onSubmit={submit}
      values={{ name, description }}
    >
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <FormField id={`${id}-name`} error={fieldErrors.name} label="Category Name">
          <Input
            id={`${id}-name`}
            {...fieldErrorProps(`${id}-name`, fieldErrors.name)}
            aria-required="true"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-description`} error={fieldErrors.description} label="Description (optional)">
          <Textarea
            id={`${id}-description`}
            {...fieldErrorProps(`${id}-description`, fieldErrors.description)}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
      </fieldset>
    </DialogForm>
  );
}
