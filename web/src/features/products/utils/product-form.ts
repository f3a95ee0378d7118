// The Create/Edit Product form (docs/rules.md#8-validation): its values as typed; the rules and
// messages are the shared ones (checkProductForm), so the form refuses what the API refuses.
import { checkProductForm, type Product, type ProductInput } from '@cmp/shared';

export interface ProductFormValues {
  sku: string;
  name: string;
  currentPrice: string;
  cost: string;
  /** A category id, or '' for none. */
  categoryId: string;
  gtin: string;
  mpn: string;
}

/** On failure, `field` is the API field the message is about (`gtin`, `current_price`, ...). */
export type ProductFormResult =
  | { ok: true; input: ProductInput }
  | { ok: false; error: string; field?: string };

export function productFormValues(product?: Product | null): ProductFormValues {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    currentPrice: product ? String(product.current_price) : '',
    cost: product?.cost == null ? '' : String(product.cost),
    categoryId: product?.category_id == null ? '' : String(product.category_id),
    gtin: product?.gtin ?? '',
    mpn: product?.mpn ?? '',
  };
}

export function validateProductForm(values: ProductFormValues): ProductFormResult {
  const checked = checkProductForm({
    sku: values.sku,
    name: values.name,
    current_price: values.currentPrice,
    cost: values.cost,
    category_id: values.categoryId,
    gtin: values.gtin,
    mpn: values.mpn,
  });
  return checked.ok ? { ok: true, input: checked.value } : checked;
}
