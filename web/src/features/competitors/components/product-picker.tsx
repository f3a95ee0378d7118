// The competitor URL form's product choice: the catalogue can hold 100,000 products, so the select offers
// the first page of those a typed name or SKU finds (docs/screens.md#addedit-competitor-url-dialog).
import { MAX_PAGE_SIZE } from '@cmp/shared';
import { useState } from 'react';
import { listQuery, useSettledValue } from '../../../api/list-pages';
import { useProductPage } from '../../../api/products';
import type { fieldErrorProps } from '../../../components/form-field';
import { SearchInput } from '../../../components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

interface Choice {
  id: number;
  name: string;
  sku: string;
}

export function ProductPicker({
  id,
  value,
  onChange,
  current,
  disabled,
  triggerProps,
}: {
  /** The select's id, which the field's label names. */
  id: string;
  /** The chosen product's id as text, '' when none. */
  value: string;
  onChange(value: string): void;
  /** The product the URL belongs to now, offered even when the search does not find it. */
  current: Choice | null;
  disabled: boolean;
  triggerProps: ReturnType<typeof fieldErrorProps>;
}) {
  const [search, setSearch] = useState('');
  const settled = useSettledValue(search);
  const found = useProductPage(
    listQuery({ search: settled.trim(), sort: 'name', page: 1, page_size: MAX_PAGE_SIZE }),
  );
  const rows: Choice[] = found.data?.rows ?? [];
  const options = current && !rows.some((row) => row.id === current.id) ? [current, ...rows] : rows;
  const more = found.data ? found.data.total - found.data.rows.length : 0;

  return (
    <div className="flex flex-col gap-2">
      <SearchInput
        value={search}
        onChange={setSearch}
        label="Find a product"
        placeholder="Type a product name or SKU..."
      />
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} aria-required="true" {...triggerProps}>
          <SelectValue placeholder="Select a product" />
        </SelectTrigger>
        <SelectContent>
          {options.map((product) => (
            <SelectItem key={product.id} value={String(product.id)}>
              {product.name} ({product.sku})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {more > 0 ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {`${rows.length} of ${found.data?.total} products offered: type a name or SKU to find the others`}
        </p>
      ) : null}
    </div>
  );
}
