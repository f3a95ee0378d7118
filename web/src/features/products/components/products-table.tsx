// The catalogue table (docs/screens.md#7-products-page): nine columns (the GTIN under the SKU),
// hidden rows dimmed, row actions (none for a viewer: no Actions column).
import { formatDateTime, type Product } from '@cmp/shared';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { reloadProducts, toggleProductHidden } from '../../../api/products';
import { IconAction } from '../../../components/icon-action';
import { Badge } from '../../../components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { formatShopMoney } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCanWrite } from '../../../lib/write-access';

export interface ProductsTableProps {
  products: Product[];
  onEdit(product: Product): void;
  onDelete(product: Product): void;
}

export function ProductsTable({ products, onEdit, onDelete }: ProductsTableProps) {
  const canWrite = useCanWrite();
  return (
    <Table label="Products">
      <TableHeader>
        <TableRow>
          <TableHead>SKU</TableHead>
          <TableHead sticky>Product Name</TableHead>
          <TableHead>Category</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Current Price</TableHead>
          <TableHead className="text-right">Cost</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Updated</TableHead>
          {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <ProductRow
            key={product.id}
            product={product}
            actions={
              canWrite ? <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} /> : null
            }
          />
        ))}
      </TableBody>
    </Table>
  );
}

function ProductRow({ product, actions }: { product: Product; actions: ReactNode }) {
  return (
    // Dimmed with the muted colours rather than opacity, which would take the text below 4.5:1; the
    // background is opaque for the sticky Product Name cell. The actions keep full contrast (below).
    <TableRow
      className={cn(
        product.hidden &&
          'bg-[color-mix(in_oklab,var(--color-muted)_60%,var(--color-background))] text-muted-foreground',
      )}
      data-hidden={product.hidden || undefined}
    >
      <TableCell className="font-mono text-xs whitespace-nowrap">
        {product.sku}
        {product.gtin && <div className="text-muted-foreground">GTIN {product.gtin}</div>}
      </TableCell>
      <TableCell sticky className="font-medium">
        {product.name}
      </TableCell>
      <TableCell>
        {product.category ? (
          <Badge variant="outline">{product.category.name}</Badge>
        ) : (
          <span className="text-muted-foreground">Uncategorized</span>
        )}
      </TableCell>
      <TableCell>
        <Badge variant={product.hidden ? 'secondary' : 'success'}>
          {product.hidden ? 'Hidden' : 'Visible'}
        </Badge>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatShopMoney(product.current_price)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatShopMoney(product.cost)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateTime(product.created_at)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateTime(product.updated_at)}</TableCell>
      {/* Controls are not dimmed: their icons keep the contrast of a visible row (WCAG 1.4.11). */}
      {actions ? <TableCell className="text-foreground">{actions}</TableCell> : null}
    </TableRow>
  );
}

/** Show or hide on the dashboard, edit, delete. */
function ProductActions({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit(product: Product): void;
  onDelete(product: Product): void;
}) {
  const [toggling, setToggling] = useState(false);

  const toggle = async () => {
    setToggling(true);
    try {
      notifySuccess(await toggleProductHidden(product.id));
      await reloadProducts();
    } catch (error) {
      notifyError(error, 'Failed to toggle product visibility');
    } finally {
      setToggling(false);
    }
  };

  return (
    <div className="flex justify-end gap-1">
      <IconAction
        label={`${product.hidden ? 'Show' : 'Hide'} ${product.name}`}
        tip={product.hidden ? 'Show on dashboard' : 'Hide from dashboard'}
        disabled={toggling}
        onClick={toggle}
      >
        {product.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
      </IconAction>
      <IconAction label={`Edit ${product.name}`} tip="Edit" onClick={() => onEdit(product)}>
        <Pencil aria-hidden="true" />
      </IconAction>
      <IconAction label={`Delete ${product.name}`} tip="Delete" onClick={() => onDelete(product)}>
        <Trash2 aria-hidden="true" className="text-destructive" />
      </IconAction>
    </div>
  );
}
