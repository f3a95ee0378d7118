// The product rules (productInputSchema) as each place that takes a product applies them: the
// Products page's dialog, the dashboard's edit dialog (decision 3) and each CSV row.
import * as z from 'zod';
import {
  CATEGORY_NAME_MAX_LENGTH,
  optionalText,
  type Product,
  productFieldSchemas,
  productInputSchema,
  type ValidProductInput,
} from '../catalogue';
import { PRODUCT_CSV_COLUMNS } from './csv-columns';
import { checkForm, type FormCheck, type FormMessages, given, idOrNull } from './form-check';

/** The product form's fields as typed: text, with the category id as text ('' for none). */
export interface ProductFormText {
  sku: string;
  name: string;
  current_price: string;
  cost: string;
  category_id: string;
  gtin: string;
  mpn: string;
  brand: string;
}

/** The form's text for editing `product`, or an empty form for a new one. */
export function productFormText(
  product?: Pick<
    Product,
    'sku' | 'name' | 'current_price' | 'cost' | 'category_id' | 'gtin' | 'mpn' | 'brand'
  > | null,
): ProductFormText {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    current_price: product ? String(product.current_price) : '',
    cost: product?.cost == null ? '' : String(product.cost),
    category_id: product?.category_id == null ? '' : String(product.category_id),
    gtin: product?.gtin ?? '',
    mpn: product?.mpn ?? '',
    brand: product?.brand ?? '',
  };
}

/** The two product forms: the Products page's Create/Edit dialog and the dashboard's edit dialog. */
export type ProductFormKind = 'products' | 'dashboard';

/**
 * Each form's required fields and messages: the Products page leaves cost optional; the dashboard
 * requires it and has one message for both prices (decision 3).
 */
const PRODUCT_FORM_MESSAGES = {
  products: {
    required: ['sku', 'name', 'current_price'],
    requiredMessage: 'SKU, Name, and Current Price are required',
    invalid: { current_price: 'Please enter a valid price', cost: 'Please enter a valid cost' },
  },
  dashboard: {
    required: ['sku', 'name', 'current_price', 'cost'],
    requiredMessage: 'All fields are required',
    invalid: { current_price: 'Please enter valid prices', cost: 'Please enter valid prices' },
  },
} as const satisfies Record<ProductFormKind, FormMessages<keyof ProductFormText>>;

/** Whether form `kind` requires `field` (its input is marked required). */
export const productFormRequires = (kind: ProductFormKind, field: keyof ProductFormText): boolean =>
  (PRODUCT_FORM_MESSAGES[kind].required as readonly string[]).includes(field);

/**
 * The form's text as the API takes it, or the form's message and the field it is about: its required
 * fields first, then the API's rules (GTIN, MPN and brand optional in both forms).
 */
export const checkProductForm = (
  text: ProductFormText,
  kind: ProductFormKind,
): FormCheck<ValidProductInput> =>
  checkForm(
    productInputSchema,
    {
      sku: text.sku,
      name: text.name,
      current_price: given(text.current_price),
      cost: given(text.cost),
      category_id: idOrNull(text.category_id),
      gtin: given(text.gtin),
      mpn: given(text.mpn),
      brand: given(text.brand),
    },
    PRODUCT_FORM_MESSAGES[kind],
  );

/** A products CSV row: the product's rules, with the columns' names in the messages. */
export const productCsvRowSchema = z.object({
  ...productFieldSchemas(PRODUCT_CSV_COLUMNS),
  category: optionalText(PRODUCT_CSV_COLUMNS.category, CATEGORY_NAME_MAX_LENGTH),
});
export type ProductCsvRow = z.output<typeof productCsvRowSchema>;

/** A row's cells by field (blank cells are not given); the row, or the message of its first problem. */
export function checkProductCsvRow(
  cells: Partial<Record<keyof typeof PRODUCT_CSV_COLUMNS, string>>,
): { ok: true; value: ProductCsvRow } | { ok: false; error: string } {
  const present = Object.fromEntries(
    Object.entries(cells).filter(([, text]) => text !== undefined && text.trim() !== ''),
  );
  const parsed = productCsvRowSchema.safeParse(present);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid row' };
}
