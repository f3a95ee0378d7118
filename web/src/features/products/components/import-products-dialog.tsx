// Import products from CSV (spec §5 columns), with the result toasts of spec §8.
import { PRODUCT_CSV_TEMPLATE } from '@cmp/shared';
import { ImportCsvDialog } from '../../../components/import-csv-dialog';
import { notifyImportFailure, notifyImportResult } from '../../../lib/notify';
import { reloadCategories } from '../api/categories';
import { importProducts } from '../api/product-mutations';
import { reloadProducts } from '../api/products';

export function ImportProductsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const upload = async (file: File) => {
    try {
      notifyImportResult(await importProducts(file), 'products');
      void reloadProducts();
      void reloadCategories();
      return true;
    } catch (error) {
      notifyImportFailure(error, 'Failed to import products');
      return false;
    }
  };

  return (
    <ImportCsvDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import Products"
      description="Columns: SKU, Product Name, Current Price, Cost (optional), Category (optional). Rows are matched by SKU, so an existing product is updated."
      template={PRODUCT_CSV_TEMPLATE}
      templateFileName="products-template.csv"
      onImport={upload}
    />
  );
}
