// The Competitors page ('Competitor URLs', spec §2): the paged table, its dialogs and actions.
import { type CompetitorUrl, clampPage, PAGE_SIZE, pageSlice } from '@cmp/shared';
import { Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useCompetitorUrls } from '../api/competitor-urls';
import { useProductOptions } from '../api/product-options';
import { CompetitorFormDialog } from './competitor-form-dialog';
import { CompetitorsTable } from './competitors-table';
import { DeleteCompetitorDialog } from './delete-competitor-dialog';
import { ImportCompetitorsDialog } from './import-competitors-dialog';
import { PriceDialog } from './price-dialog';

export function CompetitorsView() {
  const competitors = useCompetitorUrls();
  const products = useProductOptions();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ competitor: CompetitorUrl | null } | null>(null);
  const [deleting, setDeleting] = useState<CompetitorUrl | null>(null);
  const [showing, setShowing] = useState<CompetitorUrl | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const list = competitors.data ?? [];
  const currentPage = clampPage(page, list.length);

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
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <Upload aria-hidden="true" />
              Import CSV
            </Button>
          </>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {competitors.data === undefined ? (
            competitors.error ? (
              <LoadError what="Competitor URLs" onRetry={() => void competitors.mutate()} />
            ) : (
              <div className="flex justify-center py-12">
                <Spinner label="Loading competitor URLs" />
              </div>
            )
          ) : list.length === 0 ? (
            <EmptyState
              title="No competitor URLs found"
              hint="Add a competitor URL to a product or import them from CSV"
            />
          ) : (
            <>
              <CompetitorsTable
                competitors={pageSlice(list, currentPage)}
                onShowPrices={setShowing}
                onEdit={(competitor) => setForm({ competitor })}
                onDelete={setDeleting}
              />
              <Pagination
                page={currentPage}
                pageSize={PAGE_SIZE}
                totalItems={list.length}
                noun="competitor URLs"
                onPageChange={setPage}
              />
            </>
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
      <ImportCompetitorsDialog open={importOpen} onOpenChange={setImportOpen} />
    </>
  );
}
