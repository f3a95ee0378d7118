// The Competitors page ('Competitor URLs', docs/screens.md#8-competitors-page): the paged table, its dialogs
// and actions.
import type { CompetitorUrl } from '@cmp/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useCompetitorUrls } from '../../../api/competitor-urls';
import { useProducts } from '../../../api/products';
import { EmptyState } from '../../../components/empty-state';
import { ImportCsvButton } from '../../../components/import-csv-dialog';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { CompetitorFormDialog } from './competitor-form-dialog';
import { CompetitorsTable } from './competitors-table';
import { DeleteCompetitorDialog } from './delete-competitor-dialog';
import { ImportCompetitorsDialog } from './import-competitors-dialog';
import { PriceDialog } from './price-dialog';

export function CompetitorsView() {
  const competitors = useCompetitorUrls();
  const products = useProducts();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ competitor: CompetitorUrl | null } | null>(null);
  const [deleting, setDeleting] = useState<CompetitorUrl | null>(null);
  const [showing, setShowing] = useState<CompetitorUrl | null>(null);

  return (
    <>
      <PageHeader
        title="Competitor URLs"
        description="The competitor product pages watched for each of your products."
        actions={
          <>
            <Button onClick={() => setForm({ competitor: null })}>
              <Plus aria-hidden="true" />
              Add Competitor
            </Button>
            <ImportCsvButton dialog={ImportCompetitorsDialog} />
          </>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {competitors.data === undefined ? (
            <LoadingOrError
              error={competitors.error}
              what="Competitor URLs"
              loadingLabel="Loading competitor URLs"
              onRetry={() => void competitors.mutate()}
            />
          ) : (
            <PagedList
              items={competitors.data}
              page={page}
              onPageChange={setPage}
              noun="competitor URLs"
              empty={
                <EmptyState
                  title="No competitor URLs found"
                  hint="Add a competitor URL to a product or import them from CSV"
                />
              }
            >
              {(pageItems) => (
                <CompetitorsTable
                  competitors={pageItems}
                  onShowPrices={setShowing}
                  onEdit={(competitor) => setForm({ competitor })}
                  onDelete={setDeleting}
                />
              )}
            </PagedList>
          )}
        </CardContent>
      </Card>
      <CompetitorFormDialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        competitor={form?.competitor ?? null}
        products={products.data ?? []}
      />
      <DeleteCompetitorDialog competitor={deleting} onClose={() => setDeleting(null)} />
      <PriceDialog competitor={showing} onClose={() => setShowing(null)} />
    </>
  );
}
