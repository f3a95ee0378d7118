// Import competitor URLs from CSV (docs/screens.md#import-competitor-urls-dialog): a SKU column plus
// one or more URL columns.
import { COMPETITOR_CSV_COLUMNS, COMPETITOR_CSV_TEMPLATE } from '@cmp/shared';
import { importCompetitorUrls, reloadCompetitorUrls } from '../../../api/competitor-urls';
import { ImportCsvDialog, type ImportCsvDialogProps } from '../../../components/import-csv-dialog';

export function ImportCompetitorsDialog(props: Pick<ImportCsvDialogProps, 'open' | 'onOpenChange'>) {
  return (
    <ImportCsvDialog
      {...props}
      title="Import Competitor URLs"
      description={`Columns: ${COMPETITOR_CSV_COLUMNS.sku} (an existing product) and one or more columns of competitor URLs. Empty cells are skipped; the competitor name is the URL's host.`}
      template={COMPETITOR_CSV_TEMPLATE}
      templateFileName="competitor-urls-template.csv"
      upload={importCompetitorUrls}
      noun="competitor URLs"
      failure="Failed to import competitor URLs"
      onImported={() => void reloadCompetitorUrls()}
    />
  );
}
