// Delete a competitor URL after confirmation; its price data is removed with it.
import type { CompetitorUrl } from '@cmp/shared';
import { deleteCompetitorUrl, reloadCompetitorUrls } from '../../../api/competitor-urls';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';

export function DeleteCompetitorDialog({
  competitor,
  onClose,
}: {
  competitor: CompetitorUrl | null;
  onClose(): void;
}) {
  const confirm = async () => {
    if (!competitor) return true;
    try {
      await deleteCompetitorUrl(competitor.id);
      notifySuccess('Competitor URL deleted successfully');
      void reloadCompetitorUrls();
      return true;
    } catch (error) {
      notifyError(error, 'Failed to delete competitor URL');
      return false;
    }
  };

  return (
    <ConfirmDialog
      open={competitor !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete competitor URL?"
      description={
        <>
          <span>
            <strong className="text-foreground">{competitor?.competitor_name}</strong> for{' '}
            {competitor?.product.name} (SKU {competitor?.product.sku})
          </span>
          <span>This also deletes all price data collected from this URL. It cannot be undone.</span>
        </>
      }
      onConfirm={confirm}
    />
  );
}
