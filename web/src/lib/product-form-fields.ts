// The product form's fields in the order shown, the one list both product dialogs render
// (components/product-form-fields.tsx). Their labels are the spec's (docs/screens.md), which words a
// few differently on the dashboard.
import { type ProductFormKind, type ProductFormText, productFormRequires } from '@cmp/shared';

export interface ProductFormField {
  /** The API's name of the field. */
  field: keyof ProductFormText;
  /** The control's id after the form's own (`${formId}-price`). */
  id: string;
  label: string;
  /** `money`: a number input with step 0.01 and min 0; `code`: an identifier, no spelling or autofill. */
  input: 'text' | 'money' | 'code' | 'category';
  /** Marked required (`aria-required`): what the form's check requires. */
  required: boolean;
}

type Label = string | Record<ProductFormKind, string>;

const FIELDS: readonly (Omit<ProductFormField, 'label' | 'required'> & { label: Label })[] = [
  { field: 'sku', id: 'sku', label: 'SKU', input: 'text' },
  { field: 'name', id: 'name', label: { products: 'Product Name', dashboard: 'Name' }, input: 'text' },
  { field: 'current_price', id: 'price', label: 'Current Price', input: 'money' },
  { field: 'cost', id: 'cost', label: { products: 'Cost (optional)', dashboard: 'Cost' }, input: 'money' },
  { field: 'gtin', id: 'gtin', label: 'GTIN / EAN (optional)', input: 'code' },
  { field: 'mpn', id: 'mpn', label: 'MPN (optional)', input: 'code' },
  { field: 'brand', id: 'brand', label: 'Brand (optional)', input: 'text' },
  {
    field: 'category_id',
    id: 'category',
    label: { products: 'Category (optional)', dashboard: 'Category' },
    input: 'category',
  },
];

export const productFormFields = (kind: ProductFormKind): ProductFormField[] =>
  FIELDS.map(({ label, ...field }) => ({
    ...field,
    label: typeof label === 'string' ? label : label[kind],
    required: productFormRequires(kind, field.field),
  }));

/** The API names of the fields, so a server's message about one shows beside it. */
export const PRODUCT_FORM_FIELD_NAMES: readonly string[] = FIELDS.map(({ field }) => field);
