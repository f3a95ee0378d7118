// The Products page (spec §2): header actions, filters, the paged table and its dialogs.
import { clampPage, PAGE_SIZE, type Product, pageSlice } from '@cmp/shared';
import { FolderCog, Plus, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/layouts/app-shell';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { ALL_CATEGORIES, filterProducts, UNCATEGORIZED } from '../utils/filter-products';
import { CategoriesDialog } from './categories-dialog';
import { DeleteProductDialog } from './delete-product-dialog';
import { ImportProductsDialog } from './import-products-dialog';
import { ProductFilters } from './product-filters';
import { ProductFormDialog } from './product-form-dialog';
import { ProductsTable } from './products-table';

export function ProductsView() {
  const products = useProducts();
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ product: Product | null } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const categoryList = categories.data ?? [];
  // A filter on a category that was just deleted falls back to all.
  const effectiveCategory =
    category === ALL_CATEGORIES ||
    category === UNCATEGORIZED ||
    !categories.data ||
    categoryList.some((item) => String(item.id) === category)
      ? category
      : ALL_CATEGORIES;
  const filtered = useMemo(
    () => filterProducts(products.data ?? [], search, effectiveCategory),
    [products.data, search, effectiveCategory],
  );
  const currentPage = clampPage(page, filtered.length);

  return (
    <>
      <PageHeader
        title="Products"
        description="Your catalogue: prices, costs and categories."
        actions={
          <>
            <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
              <FolderCog aria-hidden="true" />
              Manage Categories
            </Button>
            <Button onClick={() => setForm({ product: null })}>
              <Plus aria-hidden="true" />
              Add Product
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
            products.error ? (
              <LoadError what="Products" onRetry={() => void products.mutate()} />
            ) : (
              <div className="flex justify-center py-12">
                <Spinner label="Loading products" />
              </div>
            )
          ) : filtered.length === 0 ? (
            products.data.length === 0 ? (
              <EmptyState title="No products found" hint="Create your first product or import from CSV" />
            ) : (
              <EmptyState
                title="No products match your filters"
                hint="Try adjusting your search or filter criteria"
              />
            )
          ) : (
            <>
              <ProductsTable
                products={pageSlice(filtered, currentPage)}
                onEdit={(product) => setForm({ product })}
                onDelete={setDeleting}
              />
              <Pagination
                page={currentPage}
                pageSize={PAGE_SIZE}
                totalItems={filtered.length}
                noun="products"
                onPageChange={setPage}
              />
            </>
          )}
        </CardContent>
      </Card>
      <ProductFormDialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        product={form?.product ?? null}
        categories={categoryList}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
      <CategoriesDialog open={categoriesOpen} onOpenChange={setCategoriesOpen} categories={categories.data} />
      <ImportProductsDialog open={importOpen} onOpenChange={setImportOpen} />
    </>
  );
}
