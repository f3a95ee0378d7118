// Validation of the dashboard's edit dialog (decision 3) and its add-competitor form
// (docs/rules.md#8-validation).
import type { ProductInput } from '@cmp/shared';

export interface ProductFields {
  sku: string;
  name: string;
  current_price: string;
  cost: string;
  /** A category id as text, or '' for none. */
  category_id: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const isPrice = (text: string) => /^\d+(\.\d+)?$/.test(text.trim()) && Number.isFinite(Number(text));

/**
 * All four fields filled ('All fields are required'), then both prices numbers ≥ 0 ('Please enter
 * valid prices'); the server still checks lengths and decimals.
 */
export function checkProductFields(fields: ProductFields): Checked<ProductInput> {
  const sku = fields.sku.trim();
  const name = fields.name.trim();
  if (!sku || !name || !fields.current_price.trim() || !fields.cost.trim()) {
    return { ok: false, error: 'All fields are required' };
  }
  if (!isPrice(fields.current_price) || !isPrice(fields.cost)) {
    return { ok: false, error: 'Please enter valid prices' };
  }
  return {
    ok: true,
    value: {
      sku,
      name,
      current_price: Number(fields.current_price),
      cost: Number(fields.cost),
      category_id: fields.category_id === '' ? null : Number(fields.category_id),
    },
  };
}

/** The form's starting values from the product being edited. */
export function productFields(product: {
  sku: string;
  name: string;
  current_price: number;
  cost: number | null;
  category_id: number | null;
}): ProductFields {
  return {
    sku: product.sku,
    name: product.name,
    current_price: String(product.current_price),
    cost: product.cost === null ? '' : String(product.cost),
    category_id: product.category_id === null ? '' : String(product.category_id),
  };
}

/** The Add button waits until both fields have text. */
export const canAddCompetitor = (name: string, url: string): boolean =>
  name.trim() !== '' && url.trim() !== '';

/** Name and URL required, and the URL must be an absolute http(s) address. */
export function checkCompetitorFields(
  name: string,
  url: string,
): Checked<{ competitor_name: string; url: string }> {
  if (!canAddCompetitor(name, url)) return { ok: false, error: 'Competitor name and URL are required' };
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not a web address');
  } catch {
    return { ok: false, error: 'Please enter a valid URL' };
  }
  return { ok: true, value: { competitor_name: name.trim(), url: url.trim() } };
}
