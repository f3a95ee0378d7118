// The alerts' product filter (docs/screens.md#latest-alerts): a SKU or name typed in the box picks one
// product of the catalogue; several matches are offered as buttons, and what is filtered is said aloud.
import { useState } from 'react';
import { useProducts } from '../../../api/products';
import { SearchInput } from '../../../components/search-input';
import { Button } from '../../../components/ui/button';
import { matchProduct, type ProductChoice, type ProductMatch, productLabel } from '../utils/alert-view';

export function ProductFilter({
  productId,
  onChange,
}: {
  productId: number | null;
  onChange(productId: number | null): void;
}) {
  const products = useProducts();
  const catalogue = products.data ?? [];
  // Null until the user types: the box then shows the SKU of the product the URL names.
  const [typed, setTyped] = useState<string | null>(null);
  const selected = productId === null ? undefined : catalogue.find((product) => product.id === productId);

  const type = (text: string) => {
    setTyped(text);
    const match = matchProduct(catalogue, text);
    onChange(match.kind === 'one' ? match.product.id : null);
  };
  const pick = (product: ProductChoice) => {
    setTyped(product.sku);
    onChange(product.id);
  };
  const match: ProductMatch = typed === null ? { kind: 'empty' } : matchProduct(catalogue, typed);

  return (
    <div className="flex flex-1 flex-col gap-2">
      <SearchInput
        value={typed ?? selected?.sku ?? ''}
        onChange={type}
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
  if (productId !== null)
    return `Showing alerts for ${selected ? productLabel(selected) : `product ${productId}`}`;
  if (match.kind === 'none') return `No product matches "${typed?.trim()}": showing every product`;
  if (match.kind === 'many') return `${match.count} products match: pick one, or type more`;
  return 'Showing every product';
}
