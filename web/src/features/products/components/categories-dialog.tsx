// Manage Categories (docs/screens.md#manage-categories-dialog): each with description and product count,
// edit, delete with confirmation. A viewer sees the categories only.
import type { Category } from '@cmp/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { deleteCategory, reloadCategories } from '../../../api/categories';
import { reloadProducts } from '../../../api/products';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconAction } from '../../../components/icon-action';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCanWrite } from '../../../lib/write-access';
import { CategoryFormDialog } from './category-form-dialog';

export interface CategoriesDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  categories: Category[] | undefined;
}

export function CategoriesDialog({ open, onOpenChange, categories }: CategoriesDialogProps) {
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const canWrite = useCanWrite();

  const confirmDelete = async () => {
    if (!deleting) return true;
    try {
      await deleteCategory(deleting.id);
      notifySuccess('Category deleted successfully');
      void reloadCategories();
      void reloadProducts();
      return true;
    } catch (error) {
      notifyError(error, 'Failed to delete category');
      return false;
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{canWrite ? 'Manage Categories' : 'Categories'}</DialogTitle>
          <DialogDescription>
            {canWrite
              ? 'Create, rename or remove product categories.'
              : 'The product categories and how many products each has.'}
          </DialogDescription>
        </DialogHeader>
        {canWrite ? (
          <div>
            <Button size="sm" onClick={() => setEditing({ category: null })}>
              <Plus aria-hidden="true" />
              Add Category
            </Button>
          </div>
        ) : null}
        <CategoryList
          categories={categories}
          actions={
            canWrite ? { onEdit: (category) => setEditing({ category }), onDelete: setDeleting } : null
          }
        />
        {/* Nested inside this dialog's content, so focus returns here when they close. */}
        <CategoryFormDialog
          open={editing !== null}
          onOpenChange={(next) => !next && setEditing(null)}
          category={editing?.category ?? null}
        />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(next) => !next && setDeleting(null)}
          title={`Delete category "${deleting?.name ?? ''}"?`}
          description="Products in this category will become uncategorized."
          onConfirm={confirmDelete}
        />
      </DialogContent>
    </Dialog>
  );
}

/** What a category's Edit and Delete buttons do; null for a viewer, who gets none. */
interface CategoryActions {
  onEdit(category: Category): void;
  onDelete(category: Category): void;
}

function CategoryList({
  categories,
  actions,
}: {
  categories: Category[] | undefined;
  actions: CategoryActions | null;
}) {
  if (!categories) return <Spinner label="Loading categories" />;
  if (categories.length === 0) {
    return <p className="text-sm text-muted-foreground">No categories yet.</p>;
  }
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Categories">
      {categories.map((category) => (
        <li key={category.id} className="flex items-center gap-3 px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{category.name}</p>
            {category.description ? (
              <p className="truncate text-sm text-muted-foreground">{category.description}</p>
            ) : null}
          </div>
          <span className="text-sm whitespace-nowrap text-muted-foreground">
            {category._count.products} {category._count.products === 1 ? 'product' : 'products'}
          </span>
          {actions ? (
            <>
              <IconAction
                label={`Edit category ${category.name}`}
                tip="Edit"
                onClick={() => actions.onEdit(category)}
              >
                <Pencil aria-hidden="true" />
              </IconAction>
              <IconAction
                label={`Delete category ${category.name}`}
                tip="Delete"
                onClick={() => actions.onDelete(category)}
              >
                <Trash2 aria-hidden="true" className="text-destructive" />
              </IconAction>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
