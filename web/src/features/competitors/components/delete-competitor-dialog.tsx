// The Competitors page's delete: the shared confirmation with this page's toasts.
import type { CompetitorUrl } from '@cmp/shared';
import { reloadCompetitorUrls } from '../../../api/competitor-urls';
import { DeleteCompetitorUrlDialog } from '../../../components/delete-competitor-url-dialog';

export function DeleteCompetitorDialog({
  competitor,
  onClose,
}: {
  competitor: CompetitorUrl | null;
  onClose(): void;
}) {
  return (
    <DeleteCompetitorUrlDialog
      competitor={competitor}
      onClose={onClose}
      success="Competitor URL deleted successfully"
      failure="Failed to delete competitor URL"
      onDeleted={reloadCompetitorUrls}
    />
  );
}
