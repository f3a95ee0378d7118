// Deletes a competitor URL after a confirmation naming what goes with it: the competitor, its URL and
// its price history (docs/screens.md#delete-competitor-url-dialog). The Competitors page and the
// dashboard's edit dialog share the wording; each keeps its own toasts.
import { type CompetitorUrl, competitorNameFromUrl } from '@cmp/shared';
import { deleteCompetitorUrl } from '../api/competitor-urls';
import { notifyError, notifySuccess } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';

type Deletable = Pick<CompetitorUrl, 'id' | 'competitor_name' | 'url'> & {
  product: Pick<CompetitorUrl['product'], 'name' | 'sku'>;
};

export interface DeleteCompetitorUrlDialogProps {
  /** The URL to delete; null keeps the dialog closed. */
  competitor: Deletable | null;
  onClose(): void;
  /** The screen's toasts, e.g. 'Competitor URL deleted successfully' / 'Failed to delete competitor URL'. */
  success: string;
  failure: string;
  /** Reloads what showed the URL. */
  onDeleted(): unknown;
}

export function DeleteCompetitorUrlDialog({
  competitor,
  onClose,
  success,
  failure,
  onDeleted,
}: DeleteCompetitorUrlDialogProps) {
  const confirm = async () => {
    if (!competitor) return true;
    try {
      await deleteCompetitorUrl(competitor.id);
    } catch (error) {
      notifyError(error, failure);
      return false;
    }
    notifySuccess(success);
    void onDeleted();
    return true;
  };

  return (
    <ConfirmDialog
      open={competitor !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete competitor URL?"
      description={
        competitor && (
          <>
            <span>
              <strong className="text-foreground">
                {competitor.competitor_name || competitorNameFromUrl(competitor.url)}
              </strong>{' '}
              for {competitor.product.name} (SKU {competitor.product.sku})
            </span>
            <span className="wrap-anywhere">{competitor.url}</span>
            <span>
              This also deletes its price history: all price data collected from this URL. It cannot be
              undone.
            </span>
          </>
        )
      }
      onConfirm={confirm}
    />
  );
}
