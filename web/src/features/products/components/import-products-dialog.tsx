// Import products from CSV (docs/screens.md#import-products-dialog; columns: docs/rules.md#9-csv-import),
// previewed first (nothing is written until 'Import'), with the result toasts.
import { csvColumnsText, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED, PRODUCT_CSV_TEMPLATE } from '@cmp/shared';
import { reloadCategories } from '../../../api/categories';
import { importProducts, previewProductImport, reloadProducts } from '../../../api/products';
import { ImportCsvDialog, type ImportCsvDialogProps } from '../../../components/import-csv-dialog';
import { ImportPreviewChanges } from './import-preview-changes';

export function ImportProductsDialog(props: Pick<ImportCsvDialogProps, 'open' | 'onOpenChange'>) {
  return (
    <ImportCsvDialog
      {...props}
      title="Import Products"
      // The columns the template and the import read, so the list cannot leave one out.
      description={`Columns: ${csvColumnsText(PRODUCT_CSV_COLUMNS, PRODUCT_CSV_REQUIRED)}. Rows are matched by SKU, so an existing product is updated.`}
      template={PRODUCT_CSV_TEMPLATE}
      templateFileName="products-template.csv"
      preview={async (file) => {
        const preview = await previewProductImport(file);
        return { changes: <ImportPreviewChanges preview={preview} />, errors: preview.errors };
      }}
      upload={importProducts}
      noun="products"
      failure="Failed to import products"
      onImported={() => {
        void reloadProducts();
        void reloadCategories();
      }}
    />
  );
}
