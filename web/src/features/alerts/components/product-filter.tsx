// The alerts' product filter (docs/screens.md#latest-alerts): a SKU or name typed in the box picks one
// product of the catalogue; several matches are offered as buttons, and what is filtered is said aloud.
import { MAX_PAGE_SIZE, searchWords } from '@cmp/shared';
import { useEffect, useState } from 'react';
import { listQuery, useSettledValue } from '../../../api/list-pages';
import { useProductPage } from '../../../api/products';
import { SearchInput } from '../../../components/search-input';
import { Button } from '../../../components/ui/button';
import { matchProduct, type ProductChoice, type ProductMatch, productLabel } from '../utils/alert-view';

export function ProductFilter({
  productId,
  onChange,
  known,
}: {
  productId: number | null;
  onChange(productId: number | null): void;
  /** The filtered product as the alerts shown name it, when they do. */
  known: ProductChoice | undefined;
}) {
  // Null until the user types: the box then shows the SKU of the product the URL names.
  const [typed, setTyped] = useState<string | null>(null);
  // The catalogue is searched on the server once the typing pauses (it can hold 100,000 products).
  const settled = useSettledValue(typed);
  const searching = settled !== null && searchWords(settled).length > 0;
  const found = useProductPage(
    searching ? listQuery({ search: settled.trim(), page: 1, page_size: MAX_PAGE_SIZE }) : null,
  );
  const answered = settled === typed && found.data !== undefined && !found.isValidating;
  let match: ProductMatch = { kind: 'pending' };
  if (typed === null || searchWords(typed).length === 0) match = { kind: 'empty' };
  else if (answered && found.data) match = matchProduct(found.data.rows, typed, found.data.total);
  const selected =
    known?.id === productId ? known : found.data?.rows.find((product) => product.id === productId);

  // What the typed text finds becomes the filter once the search has answered.
  const wanted = match.kind === 'one' ? match.product.id : match.kind === 'pending' ? undefined : null;
  useEffect(() => {
    if (typed !== null && wanted !== undefined && wanted !== productId) onChange(wanted);
  }, [typed, wanted, productId, onChange]);

  const pick = (product: ProductChoice) => {
    setTyped(product.sku);
    onChange(product.id);
  };

  return (
    <div className="flex flex-1 flex-col gap-2">
      <SearchInput
        value={typed ?? selected?.sku ?? ''}
        onChange={setTyped}
        label="Filter by product"
        placeholder="Product SKU or name..."
      />
      <p aria-live="polite" className="text-xs text-muted-foreground">
        {statusText(productId, selected, match, typed)}
      </p>
      {match.kind === 'many' ? (
        <ul aria-label="Matching products" className="flex flex-wrap gap-1">
          {match.first.map((product) => (
            <li key={product.id}>
              <Button type="button" variant="outline" size="sm" onClick={() => pick(product)}>
                {productLabel(product)}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function statusText(
  productId: number | null,
  selected: ProductChoice | undefined,
  match: ProductMatch,
  typed: string | null,
): string {
  if (match.kind === 'pending') return 'Finding products…';
  if (productId !== null)
    return `Showing alerts for ${selected ? productLabel(selected) : `product ${productId}`}`;
  if (match.kind === 'none') return `No product matches "${typed?.trim()}": showing every product`;
  if (match.kind === 'many') return `${match.count} products match: pick one, or type more`;
  return 'Showing every product';
}
