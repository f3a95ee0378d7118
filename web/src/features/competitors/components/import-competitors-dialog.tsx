// Import competitor URLs from CSV: a SKU column plus one or more URL columns (spec §5).
import { COMPETITOR_CSV_TEMPLATE } from '@cmp/shared';
import { ImportCsvDialog } from '../../../components/import-csv-dialog';
import { notifyImportFailure, notifyImportResult } from '../../../lib/notify';
import { importCompetitorUrls } from '../api/competitor-url-mutations';
import { reloadCompetitorUrls } from '../api/competitor-urls';

export function ImportCompetitorsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const upload = async (file: File) => {
    try {
      notifyImportResult(await importCompetitorUrls(file), 'competitor URLs');
      void reloadCompetitorUrls();
      return true;
    } catch (error) {
      notifyImportFailure(error, 'Failed to import competitor URLs');
      return false;
    }
  };

  return (
    <ImportCsvDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import Competitor URLs"
      description="Columns: SKU (an existing product) and one or more columns of competitor URLs. Empty cells are skipped; the competitor name is the URL's host."
      template={COMPETITOR_CSV_TEMPLATE}
      templateFileName="competitor-urls-template.csv"
      onImport={upload}
    />
  );
}
