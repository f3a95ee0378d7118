// Delete confirmation (docs/screens.md#delete-product-dialog-dashboard): names the product and warns what
// goes with it.
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type DashboardProduct, reloadDashboard } from '../api/dashboard-data';
import { deleteProduct } from '../api/product-mutations';

export function DeleteProductDialog({ product, onClose }: { product: DashboardProduct; onClose(): void }) {
  const confirm = async () => {
    try {
      await deleteProduct(product.id);
    } catch (error) {
      notifyError(error, 'Failed to delete product');
      return false;
    }
    notifySuccess('Product deleted successfully');
    void reloadDashboard();
    return true;
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Product"
      description={
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
      }
      confirmLabel="Delete Product"
      onConfirm={confirm}
    />
  );
}
