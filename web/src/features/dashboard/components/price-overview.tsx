// The 'Price Overview' tab (docs/screens.md#4-dashboard-price-overview-tab): stat cards, filters, the paged
// comparison table and its dialogs. The server filters, sorts and pages (docs/api.md#lists).
import { type DashboardProduct, nextSort } from '@cmp/shared';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchDashboardPage, useDashboardPage } from '../../../api/dashboard';
import { useFilteredOut, useSettledValue } from '../../../api/list-pages';
import { toggleProductHidden } from '../../../api/products';
import { NoProducts } from '../../../components/empty-state';
import { LoadingOrError } from '../../../components/loading-or-error';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ALL_CATEGORIES } from '../../../lib/category-filter';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCanWrite, WRITERS_ADD_THEM } from '../../../lib/write-access';
import {
  ALL_STATUSES,
  comparisonPageQuery,
  type ComparisonFilters as Filters,
  type SortColumn,
  type SortState,
} from '../utils/comparison-view';
import { ComparisonFilters } from './comparison-filters';
import { ComparisonTable } from './comparison-table';
import { OverviewStats } from './overview-stats';
import type { RowActions } from './row-actions';
import { useAnalysisRuns } from './use-analysis-runs';
import { reloadPriceOverview, usePriceOverview } from './use-price-overview';
import { useDashboardSuggestions } from './use-suggestions';

// Dialogs load on first opening, so the dashboard's first download stays small.
const DeleteProductDialog = lazy(() =>
  import('../../../components/delete-product-dialog').then((module) => ({
    default: module.DeleteProductDialog,
  })),
);
const EditProductDialog = lazy(() =>
  import('./edit-product-dialog').then((module) => ({ default: module.EditProductDialog })),
);
const CompetitorPricesDialog = lazy(() =>
  import('./competitor-prices-dialog').then((module) => ({ default: module.CompetitorPricesDialog })),
);
const AiAnalysisDialog = lazy(() =>
  import('./ai-analysis-dialog').then((module) => ({ default: module.AiAnalysisDialog })),
);

type OpenDialog = { kind: 'delete' | 'edit' | 'prices' | 'analysis'; product: DashboardProduct } | null;

const NO_FILTERS: Filters = { search: '', status: ALL_STATUSES, category: ALL_CATEGORIES };

/** `canApply`: the user may apply suggested prices (admins). */
export function PriceOverview({ canApply }: { canApply: boolean }) {
  const overview = usePriceOverview();
  const [searchParams] = useSearchParams();
  // Alert digests link to /dashboard?search=<SKU>: the search starts from the link's.
  const [filters, setFilters] = useState<Filters>(() => ({
    ...NO_FILTERS,
    search: searchParams.get('search') ?? '',
  }));
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { running, run } = useAnalysisRuns();
  const canWrite = useCanWrite();

  // The search is asked for once the typing pauses; the page shown so far stays meanwhile.
  const search = useSettledValue(filters.search);
  const { data, error, mutate, isValidating } = useDashboardPage(
    comparisonPageQuery({ ...filters, search }, sort, page),
  );
  const categories = overview.data?.categories ?? [];
  const suggestions = useDashboardSuggestions(data?.rows, canApply);
  const filteredOut = useFilteredOut(
    'GET /api/dashboard/products',
    fetchDashboardPage,
    filtersOn(filters),
    data,
  );

  const changeFilters = useCallback((change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  }, []);
  const changeSort = useCallback((column: SortColumn) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  }, []);

  const actions = useMemo<RowActions>(
    () => ({
      onRunAnalysis: (product) => void run(product),
      onViewAnalysis: (product) => setDialog({ kind: 'analysis', product }),
      onEdit: (product) => setDialog({ kind: 'edit', product }),
      onDelete: (product) => setDialog({ kind: 'delete', product }),
      onShowCompetitors: (product) => setDialog({ kind: 'prices', product }),
      onHide: (product) => void hide(product),
    }),
    [run],
  );
  const close = useCallback(() => setDialog(null), []);

  if (!data) {
    return (
      <LoadingOrError
        error={error}
        what="Dashboard data"
        loadingLabel="Loading dashboard"
        onRetry={() => void mutate()}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <OverviewStats stats={overview.data?.stats ?? null} />
      <Card>
        {/* Narrower sides on a phone: the table's first columns need the width (comparison-row.tsx). */}
        <CardContent className="flex flex-col gap-4 pt-6 max-md:px-3">
          <ComparisonFilters filters={filters} onChange={changeFilters} categories={categories} />
          {suggestions.shown && canApply ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                disabled={suggestions.selected.size === 0 || suggestions.applying}
                onClick={suggestions.applySelected}
              >
                {suggestions.applying ? 'Applying...' : 'Apply selected suggestions'}
              </Button>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {suggestions.selected.size} selected
              </span>
            </div>
          ) : null}
          <PagedList
            page={data}
            busy={isValidating}
            onPageChange={setPage}
            noun="products"
            empty={
              <NoProducts
                filteredOut={filteredOut}
                hint={canWrite ? 'Add products on the Products page to compare prices' : WRITERS_ADD_THEM}
              />
            }
          >
            {(pageItems) => (
              <ComparisonTable
                products={pageItems}
                sort={sort}
                onSort={changeSort}
                running={running}
                actions={actions}
                suggestions={suggestions}
                canApply={canApply}
              />
            )}
          </PagedList>
        </CardContent>
      </Card>
      <Suspense fallback={null}>
        {dialog?.kind === 'delete' ? (
          <DeleteProductDialog
            product={dialog.product}
            wording="dashboard"
            onClose={close}
            onDeleted={() => void reloadPriceOverview()}
          />
        ) : null}
        {dialog?.kind === 'edit' ? (
          <EditProductDialog product={dialog.product} categories={categories} onClose={close} />
        ) : null}
        {dialog?.kind === 'prices' ? (
          <CompetitorPricesDialog
            product={data.rows.find((row) => row.id === dialog.product.id) ?? dialog.product}
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'analysis' ? <AiAnalysisDialog product={dialog.product} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}

/** 'Hide from Dashboard': the server's message, then the product leaves the table. */
async function hide(product: DashboardProduct): Promise<void> {
  try {
    notifySuccess(await toggleProductHidden(product.id));
    await reloadPriceOverview();
  } catch (error) {
    notifyError(error, 'Failed to toggle product visibility');
  }
}

const filtersOn = ({ search, status, category }: Filters) =>
  search.trim() !== '' || status !== NO_FILTERS.status || category !== NO_FILTERS.category;
