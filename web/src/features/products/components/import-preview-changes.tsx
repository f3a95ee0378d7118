// What a products CSV would change (docs/screens.md#import-products-dialog): new products, products
// changing with old → new per field, and the categories it would create.
import type { ProductImportPreview } from '@cmp/shared';
import { type ReactNode, useId } from 'react';
import { formatShopMoney } from '../../../lib/money';

type Change = ProductImportPreview['changed_products'][number]['changes'][number];

const FIELD_LABELS: Record<Change['field'], string> = {
  name: 'Name',
  current_price: 'Price',
  cost: 'Cost',
  category: 'Category',
  gtin: 'GTIN',
  mpn: 'MPN',
  brand: 'Brand',
};

const isMoney = (field: Change['field']) => field === 'current_price' || field === 'cost';

function shown(field: Change['field'], value: Change['old']): string {
  if (isMoney(field)) return formatShopMoney(typeof value === 'number' ? value : null);
  return value === null || value === '' ? '(none)' : String(value);
}

export function ImportPreviewChanges({ preview }: { preview: ProductImportPreview }) {
  const { new_products: created, changed_products: changed, new_categories: categories } = preview;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        {created.length} new, {changed.length} changed, {preview.unchanged} unchanged.
      </p>
      {categories.length > 0 && (
        <p>
          <span className="font-semibold">New categories:</span> {categories.join(', ')}
        </p>
      )}
      <Listing title={`New products (${created.length})`} total={created.length}>
        {created.slice(0, SHOWN_AT_MOST).map((product) => (
          <li key={product.row}>
            <span className="font-medium">{product.sku}</span> {product.name},{' '}
            {formatShopMoney(product.current_price)}
            {product.category && ` (${product.category})`}
          </li>
        ))}
      </Listing>
      <Listing title={`Changed products (${changed.length})`} total={changed.length}>
        {changed.slice(0, SHOWN_AT_MOST).map((product) => (
          <li key={product.row}>
            <span className="font-medium">{product.sku}</span> {product.name}
            <ul className="pl-4">
              {product.changes.map((change) => (
                <li key={change.field}>
                  {FIELD_LABELS[change.field]}: {shown(change.field, change.old)} →{' '}
                  {shown(change.field, change.new)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </Listing>
    </div>
  );
}

/**
 * Rows listed per kind: a file of 100,000 products would otherwise put as many items on the page;
 * the counts above still say how many there are.
 */
const SHOWN_AT_MOST = 500;

function Listing({ title, total, children }: { title: string; total: number; children: ReactNode }) {
  const headingId = useId();
  if (total === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-1">
        {children}
      </ul>
      {total > SHOWN_AT_MOST && (
        <p className="text-muted-foreground">
          {`Listing the first ${SHOWN_AT_MOST.toLocaleString('en-GB')}; the file has ${(total - SHOWN_AT_MOST).toLocaleString('en-GB')} more.`}
        </p>
      )}
    </div>
  );
}
