// The Products page (docs/screens.md#7-products-page): header actions, filters, the paged table and its
// dialogs. The server filters, ranks and pages. A viewer gets no control that changes the catalogue: the
// categories open read-only.
import { PAGE_SIZE, type Product, UNCATEGORIZED_FILTER } from '@cmp/shared';
import { FolderCog, Plus } from 'lucide-react';
import { useState } from 'react';
import { reloadCategories, useCategories } from '../../../api/categories';
import { listQuery, useFilteredOut, useSettledValue } from '../../../api/list-pages';
import { fetchProductPage, reloadProducts, useProductPage } from '../../../api/products';
import { DeleteProductDialog } from '../../../components/delete-product-dialog';
import { NoProducts } from '../../../components/empty-state';
import { ImportCsvButton } from '../../../components/import-csv-dialog';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadingOrError } from '../../../components/loading-or-error';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ALL_CATEGORIES, UNCATEGORIZED } from '../../../lib/category-filter';
import { useCanWrite, WRITERS_ADD_THEM } from '../../../lib/write-access';
import { CategoriesDialog } from './categories-dialog';
import { ImportProductsDialog } from './import-products-dialog';
import { ProductFilters } from './product-filters';
import { ProductFormDialog } from './product-form-dialog';
import { ProductsTable } from './products-table';

export function ProductsView() {
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ product: Product | null } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const canWrite = useCanWrite();

  const categoryList = categories.data ?? [];
  // A filter on a category that was just deleted falls back to all.
  const effectiveCategory =
    category === ALL_CATEGORIES ||
    category === UNCATEGORIZED ||
    !categories.data ||
    categoryList.some((item) => String(item.id) === category)
      ? category
      : ALL_CATEGORIES;
  const settledSearch = useSettledValue(search);
  const products = useProductPage(
    listQuery({
      search: settledSearch.trim(),
      category_id:
        effectiveCategory === ALL_CATEGORIES
          ? undefined
          : effectiveCategory === UNCATEGORIZED
            ? UNCATEGORIZED_FILTER
            : effectiveCategory,
      page,
      page_size: PAGE_SIZE,
    }),
  );

  const filteredOut = useFilteredOut(
    'GET /api/products',
    fetchProductPage,
    search.trim() !== '' || effectiveCategory !== ALL_CATEGORIES,
    products.data,
  );

  return (
    <>
      <PageHeader
        title="Products"
        description="Your catalogue: prices, costs and categories."
        actions={
          <>
            <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
              <FolderCog aria-hidden="true" />
              {canWrite ? 'Manage Categories' : 'Categories'}
            </Button>
            {canWrite ? (
              <>
                <Button onClick={() => setForm({ product: null })}>
                  <Plus aria-hidden="true" />
                  Add Product
                </Button>
                <ImportCsvButton dialog={ImportProductsDialog} />
              </>
            ) : null}
          </>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <ProductFilters
            search={search}
            onSearchChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            category={effectiveCategory}
            onCategoryChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
            categories={categoryList}
          />
          {products.data === undefined ? (
            <LoadingOrError
              error={products.error}
              what="Products"
              loadingLabel="Loading products"
              onRetry={() => void products.mutate()}
            />
          ) : (
            <PagedList
              page={products.data}
              busy={products.isValidating}
              onPageChange={setPage}
              noun="products"
              empty={
                <NoProducts
                  filteredOut={filteredOut}
                  hint={canWrite ? 'Create your first product or import from CSV' : WRITERS_ADD_THEM}
                />
              }
            >
              {(pageItems) => (
                <ProductsTable
                  products={pageItems}
                  onEdit={(product) => setForm({ product })}
                  onDelete={setDeleting}
                />
              )}
            </PagedList>
          )}
        </CardContent>
      </Card>
      <ProductFormDialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        product={form?.product ?? null}
        categories={categoryList}
      />
      <DeleteProductDialog
        product={deleting}
        wording="products"
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          void reloadProducts();
          void reloadCategories();
        }}
      />
      <CategoriesDialog open={categoriesOpen} onOpenChange={setCategoriesOpen} categories={categories.data} />
    </>
  );
}
