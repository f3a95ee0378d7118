// The Competitors page ('Competitor URLs', docs/screens.md#8-competitors-page): search, the latest-check
// filter, the sorted and paged table, its dialogs and actions. The server filters, sorts and pages. A
// viewer gets the list, its prices and the export, without a control that changes anything.
import { type CompetitorUrl, nextSort } from '@cmp/shared';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import {
  exportCompetitorUrlsCsv,
  fetchCompetitorUrlPage,
  useCompetitorUrlPage,
} from '../../../api/competitor-urls';
import { useFilteredOut, useSettledValue } from '../../../api/list-pages';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ImportCsvButton } from '../../../components/import-csv-dialog';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { useCheckNow } from '../../../components/use-check-now';
import { useCanWrite, WRITERS_ADD_THEM } from '../../../lib/write-access';
import {
  type CompetitorSort,
  type CompetitorSortColumn,
  competitorPageQuery,
  type CompetitorFilters as Filters,
  NO_FILTERS,
} from '../utils/competitor-list';
import { CompetitorFilters } from './competitor-filters';
import { CompetitorFormDialog } from './competitor-form-dialog';
import { CompetitorsTable } from './competitors-table';
import { DeleteCompetitorDialog } from './delete-competitor-dialog';
import { ImportCompetitorsDialog } from './import-competitors-dialog';
import { PriceDialog } from './price-dialog';

export function CompetitorsView() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [sort, setSort] = useState<CompetitorSort | null>(null);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ competitor: CompetitorUrl | null } | null>(null);
  const [deleting, setDeleting] = useState<CompetitorUrl | null>(null);
  const [showing, setShowing] = useState<CompetitorUrl | null>(null);
  const { checking, check } = useCheckNow();
  const canWrite = useCanWrite();

  // The search is asked for once the typing pauses; the page shown so far stays meanwhile.
  const search = useSettledValue(filters.search);
  const competitors = useCompetitorUrlPage(competitorPageQuery({ ...filters, search }, sort, page));
  const filteredOut = useFilteredOut(
    'GET /api/competitor-urls',
    fetchCompetitorUrlPage,
    filtersOn(filters),
    competitors.data,
  );
  // As on the dashboard: a new filter or sort starts again at page 1.
  const changeFilters = useCallback((change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  }, []);
  const changeSort = useCallback((column: CompetitorSortColumn) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  }, []);

  return (
    <>
      <PageHeader
        title="Competitor URLs"
        description="The competitor product pages watched for each of your products."
        actions={
          <>
            {canWrite ? (
              <>
                <Button onClick={() => setForm({ competitor: null })}>
                  <Plus aria-hidden="true" />
                  Add Competitor
                </Button>
                <ImportCsvButton dialog={ImportCompetitorsDialog} />
              </>
            ) : null}
            <ExportCsvButton fetchFile={exportCompetitorUrlsCsv} failure="Failed to export competitor URLs" />
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
            <>
              <CompetitorFilters filters={filters} onChange={changeFilters} />
              <PagedList
                page={competitors.data}
                busy={competitors.isValidating}
                onPageChange={setPage}
                noun="competitor URLs"
                empty={
                  filteredOut ? (
                    <EmptyState
                      title="No competitor URLs match your filters"
                      hint="Try adjusting your search or filter criteria"
                    />
                  ) : (
                    <EmptyState
                      title="No competitor URLs found"
                      hint={
                        canWrite
                          ? 'Add a competitor URL to a product or import them from CSV'
                          : WRITERS_ADD_THEM
                      }
                    />
                  )
                }
              >
                {(pageItems) => (
                  <CompetitorsTable
                    competitors={pageItems}
                    sort={sort}
                    onSort={changeSort}
                    checking={checking}
                    onCheck={(competitor) => void check(competitor)}
                    onShowPrices={setShowing}
                    onEdit={(competitor) => setForm({ competitor })}
                    onDelete={setDeleting}
                  />
                )}
              </PagedList>
            </>
          )}
        </CardContent>
      </Card>
      <CompetitorFormDialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        competitor={form?.competitor ?? null}
      />
      <DeleteCompetitorDialog competitor={deleting} onClose={() => setDeleting(null)} />
      <PriceDialog competitor={showing} onClose={() => setShowing(null)} />
    </>
  );
}

const filtersOn = ({ search, outcome }: Filters) => search.trim() !== '' || outcome !== NO_FILTERS.outcome;
