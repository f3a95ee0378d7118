// The Create/Edit Product form (docs/rules.md#8-validation): its values as typed, validation with the
// messages listed there, and the request body (empty cost and category are sent as null).
import type { Product, ProductInput } from '@cmp/shared';

export interface ProductFormValues {
  sku: string;
  name: string;
  currentPrice: string;
  cost: string;
  /** A category id, or '' for none. */
  categoryId: string;
}

export type ProductFormResult = { ok: true; input: ProductInput } | { ok: false; error: string };

export function productFormValues(product?: Product | null): ProductFormValues {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    currentPrice: product ? String(product.current_price) : '',
    cost: product?.cost == null ? '' : String(product.cost),
    categoryId: product?.category_id == null ? '' : String(product.category_id),
  };
}

/** A number ≥ 0 from a text field, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function validateProductForm(values: ProductFormValues): ProductFormResult {
  const sku = values.sku.trim();
  const name = values.name.trim();
  if (!sku || !name || !values.currentPrice.trim()) {
    return { ok: false, error: 'SKU, Name, and Current Price are required' };
  }
  const currentPrice = parseAmount(values.currentPrice);
  if (currentPrice === null) return { ok: false, error: 'Please enter a valid price' };
  let cost: number | null = null;
  if (values.cost.trim() !== '') {
    cost = parseAmount(values.cost);
    if (cost === null) return { ok: false, error: 'Please enter a valid cost' };
  }
  return {
    ok: true,
    input: {
      sku,
      name,
      current_price: currentPrice,
      cost,
      category_id: values.categoryId ? Number(values.categoryId) : null,
    },
  };
}
