// Delete a product after confirmation; its competitor URLs and price history go with it.
import type { Product } from '@cmp/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { reloadCategories } from '../api/categories';
import { deleteProduct } from '../api/product-mutations';
import { reloadProducts } from '../api/products';

export function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose(): void }) {
  const confirm = async () => {
    if (!product) return true;
    try {
      await deleteProduct(product.id);
      notifySuccess('Product deleted successfully');
      void reloadProducts();
      void reloadCategories();
      return true;
    } catch (error) {
      notifyError(error, 'Failed to delete product');
      return false;
    }
  };

  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete product?"
      description={
        <>
          <span>
            <strong className="text-foreground">{product?.name}</strong> (SKU {product?.sku})
          </span>
          <span>This cannot be undone. Its competitor URLs and price history are deleted too.</span>
        </>
      }
      onConfirm={confirm}
    />
  );
}
