// Deletes a product after confirmation; its competitor URLs and price history go with it. The dashboard
// and the Products page word it differently (docs/screens.md#delete-product-dialog-dashboard and
// #delete-product-dialog-products-page), the call and its toasts are the same.
import type { Product } from '@cmp/shared';
import { deleteProduct } from '../api/products';
import { notifyError, notifySuccess } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';

type Named = Pick<Product, 'id' | 'name' | 'sku'>;

const wordings = {
  dashboard: {
    title: 'Delete Product',
    confirmLabel: 'Delete Product',
    description: (product: Named) => (
      <>
        <span>
          Are you sure you want to delete <strong className="text-foreground">{product.name}</strong> (SKU:{' '}
          {product.sku})?
        </span>
        <span>
          This deletion is permanent and cannot be undone. It also removes the product's competitor URLs and
          their price history.
        </span>
      </>
    ),
  },
  products: {
    title: 'Delete product?',
    confirmLabel: 'Delete',
    description: (product: Named) => (
      <>
        <span>
          <strong className="text-foreground">{product.name}</strong> (SKU {product.sku})
        </span>
        <span>This cannot be undone. Its competitor URLs and price history are deleted too.</span>
      </>
    ),
  },
};

export interface DeleteProductDialogProps {
  /** The product to delete; null keeps the dialog closed. */
  product: Named | null;
  wording: keyof typeof wordings;
  onClose(): void;
  /** Reloads what showed the product. */
  onDeleted(): void;
}

export function DeleteProductDialog({ product, wording, onClose, onDeleted }: DeleteProductDialogProps) {
  const words = wordings[wording];
  const confirm = async () => {
    if (!product) return true;
    try {
      await deleteProduct(product.id);
    } catch (error) {
      notifyError(error, 'Failed to delete product');
      return false;
    }
    notifySuccess('Product deleted successfully');
    onDeleted();
    return true;
  };
  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={words.title}
      description={product ? words.description(product) : null}
      confirmLabel={words.confirmLabel}
      onConfirm={confirm}
    />
  );
}
