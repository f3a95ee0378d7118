// Validation of the dashboard's edit dialog (decision 3) and its add-competitor form
// (docs/rules.md#8-validation).
import {
  checkAddCompetitorForm,
  checkDashboardProductForm,
  type FieldCheck,
  type FormCheck,
  type ProductFormText,
  type ProductInput,
} from '@cmp/shared';

/** The form's text, with the category id as text ('' for none). */
export type ProductFields = ProductFormText;

export type Checked<T> = FormCheck<T>;

/**
 * All four fields filled ('All fields are required'), then both prices valid ('Please enter valid
 * prices'), GTIN and MPN if given: the shared rules, so the dialog refuses what the API refuses. A
 * failure names the field its message is about.
 */
export const checkProductFields = (fields: ProductFields): FieldCheck<ProductInput> =>
  checkDashboardProductForm(fields);

/** The form's starting values from the product being edited. */
export function productFields(product: {
  sku: string;
  name: string;
  current_price: number;
  cost: number | null;
  category_id: number | null;
  gtin: string | null;
  mpn: string | null;
}): ProductFields {
  return {
    sku: product.sku,
    name: product.name,
    current_price: String(product.current_price),
    cost: product.cost === null ? '' : String(product.cost),
    category_id: product.category_id === null ? '' : String(product.category_id),
    gtin: product.gtin ?? '',
    mpn: product.mpn ?? '',
  };
}

/** The Add button waits until both fields have text. */
export const canAddCompetitor = (name: string, url: string): boolean =>
  name.trim() !== '' && url.trim() !== '';

/** Name and URL required, and the URL must be one the API takes (the shared rules). */
export const checkCompetitorFields = (
  name: string,
  url: string,
): Checked<{ competitor_name: string; url: string }> =>
  checkAddCompetitorForm({ competitor_name: name, url });
